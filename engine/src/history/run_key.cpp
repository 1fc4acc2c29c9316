#include <apsp/history/run_context.h>
#include <apsp/history/run_key.h>

#include <cmath>
#include <cstdio>
#include <utility>

namespace apsp {

namespace {
std::string asked_text(int asked) { return asked < 0 ? "not recorded" : std::to_string(asked); }

/// The key's fields in order, as (name, text) pairs: the one list behind the differences, the key and the
/// description, so a field added here is compared, grouped and shown alike.
std::vector<std::pair<const char*, std::string>> key_fields(const RunRecord& r) {
  return {{"backend", r.backend},
          {"block", std::to_string(r.block)},
          {"dtype", r.dtype},
          {"gpus", std::to_string(r.gpus)},
          {"threads asked", asked_text(r.threads_asked)},
          {"threads", std::to_string(r.threads)},
          {"n", std::to_string(r.n)},
          {"graph", r.graph},
          {"graph hash", r.graph_hash},
          {"sources", r.sources},
          {"phase2", r.phase2},
          {"isa", r.isa},
          {"build", r.build}};
}

std::string shown_value(const std::string& value) { return value.empty() ? "none" : value; }
}  // namespace

std::vector<KeyDifference> key_differences(const RunRecord& a, const RunRecord& b) {
  const auto fields_a = key_fields(a);
  const auto fields_b = key_fields(b);
  std::vector<KeyDifference> out;
  for (std::size_t i = 0; i < fields_a.size(); ++i)
    if (fields_a[i].second != fields_b[i].second)
      out.push_back({fields_a[i].first, shown_value(fields_a[i].second), shown_value(fields_b[i].second)});
  return out;
}

std::string describe_differences(const std::vector<KeyDifference>& differences) {
  std::string text;
  for (const KeyDifference& d : differences)
    text += (text.empty() ? "" : ", ") + d.field + " (" + d.a + " vs " + d.b + ")";
  return text;
}

std::string differing_fields(const std::vector<KeyDifference>& differences) {
  std::string text;
  for (const KeyDifference& d : differences) text += (text.empty() ? "" : ", ") + d.field;
  return text;
}

std::string run_key(const RunRecord& r) {
  std::string key;
  // A unit separator cannot be typed into a field by accident, so two different keys never join alike.
  for (const auto& [name, value] : key_fields(r)) key += std::string(name) + '\x1f' + value + '\x1e';
  return key;
}

std::string describe_configuration(const RunRecord& r) {
  std::string text = r.backend + " B=" + std::to_string(r.block) + " " + r.dtype + " gpus=" + std::to_string(r.gpus) +
                     " threads=" + threads_text(r.threads_asked, r.threads) + " n=" + std::to_string(r.n);
  if (!r.graph.empty()) text += " " + r.graph;
  for (const auto& [name, value] :
       {std::pair<const char*, const std::string&>{"sources", r.sources}, {"phase2", r.phase2}, {"isa", r.isa}})
    if (!value.empty()) text += std::string(" ") + name + "=" + value;
  return text;
}

std::string load_difference(const RunRecord& a, const RunRecord& b) {
  if (a.load_avg < 0 || b.load_avg < 0 || std::abs(a.load_avg - b.load_avg) < kLoadDifferenceWarning) return "";
  char text[200];
  std::snprintf(text, sizeof text,
                "the load differed: %.2f at A's start, %.2f at B's (1-minute load average): a difference in time may "
                "be the machine's, not the code's",
                a.load_avg, b.load_avg);
  return text;
}

}  // namespace apsp
