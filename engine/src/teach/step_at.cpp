#include <apsp/core/json_number.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/teach/step_at.h>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace apsp::teach {
namespace {

/// The user's word in quotes; appended piece by piece ("\"" + std::string&& trips GCC 12's -Wrestrict).
std::string in_quotes(std::string_view text) {
  std::string out(1, '"');
  out += user_value_in_message(text);
  out += '"';
  return out;
}

int whole_from_zero(const nlohmann::json& v, const char* key) {
  if (!v.is_number()) throw StepAtError(key, std::string("expected a whole number, found ") + v.type_name());
  int value = 0;
  try {
    value = json_integer<int>(v);
  } catch (const std::exception&) {
    throw StepAtError(key, v.dump() + " is not a whole number in range");
  }
  if (value < 0) throw StepAtError(key, std::to_string(value) + " is below 0");
  return value;
}

Phase phase_from(const nlohmann::json& v) {
  if (v.is_string()) {
    const std::string name = v.get<std::string>();
    for (Phase p : {Phase::Pivot, Phase::PivotRowCol, Phase::Independent, Phase::Full})
      if (apsp::to_string(p) == name) return p;
  } else if (v.is_number_integer()) {  // the phases as a lecture numbers them
    const int p = json_integer<int>(v);
    if (p >= 1 && p <= 3) return p == 1 ? Phase::Pivot : p == 2 ? Phase::PivotRowCol : Phase::Independent;
  }
  const std::string shown = v.is_string() ? in_quotes(v.get<std::string>()) : v.dump();
  throw StepAtError("phase", shown + " is not pivot, rowcol, independent, full or 1..3");
}

/// Appends @p before, @p hint and @p after where there is a hint.
void add_hint(std::string& text, std::string_view before, std::string_view hint, std::string_view after) {
  if (hint.empty()) return;
  text += before;
  text += hint;
  text += after;
}

}  // namespace

StepAt read_step_at(const nlohmann::json& v) {
  if (!v.is_object()) throw StepAtError("", std::string("expected {\"round\", \"phase\", \"k\"}, found ") + v.type_name());
  for (const auto& [key, value] : v.items())
    if (key != "round" && key != "phase" && key != "k")
      throw StepAtError(key, "unknown key " + in_quotes(key));
  if (!v.contains("round") && !v.contains("k"))
    throw StepAtError("", "needs \"round\" or \"k\" (k: the global vertex number)");
  StepAt at;
  if (v.contains("round")) at.round = whole_from_zero(v["round"], "round");
  if (v.contains("phase")) at.phase = phase_from(v["phase"]);
  if (v.contains("k")) at.k = whole_from_zero(v["k"], "k");
  return at;
}

Cursor resolve_step_at(const StepAt& at, int n, int block, bool blocked, std::string_view past_end_hint) {
  block = std::max(block, 1);
  if (at.phase && blocked && *at.phase == Phase::Full)
    throw StepAtError("phase", "full is plain Floyd-Warshall's one pass; this run is blocked (pivot, rowcol, independent)");
  if (at.phase && !blocked && *at.phase != Phase::Full)
    throw StepAtError("phase", std::string(apsp::to_string(*at.phase)) +
                                   " is a phase of the blocked algorithm; this run is plain Floyd-Warshall (full)");
  if (at.k && *at.k >= n) {
    std::string why = std::to_string(*at.k) + " beyond k = 0.." + std::to_string(n - 1) + " of this graph";
    add_hint(why, " (", past_end_hint, ")");
    throw StepAtError("k", why);
  }
  const int rounds = n > 0 ? (n + block - 1) / block : 0;
  const int round = at.round ? *at.round : at.k.value_or(0) / block;
  if (round >= rounds) {
    std::string why = std::to_string(round) + " beyond the " + std::to_string(rounds) + " rounds of this graph (0.." +
                      std::to_string(rounds - 1);
    add_hint(why, "; ", past_end_hint, "");
    throw StepAtError("round", why + ")");
  }
  const int first = round * block, last = std::min(n, first + block) - 1;
  if (at.k && (*at.k < first || *at.k > last))
    throw StepAtError("k", std::to_string(*at.k) + " is not in round " + std::to_string(round) + " (k = " +
                               std::to_string(first) + ".." + std::to_string(last) + ")");
  Cursor c;
  c.round = round;
  c.phase = at.phase.value_or(blocked ? Phase::Pivot : Phase::Full);
  c.k = at.k ? *at.k - first : 0;
  return c;
}

}  // namespace apsp::teach
