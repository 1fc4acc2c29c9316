#include "session/explain_json.h"

#include "teach/ledger_text.h"

#include <apsp/core/types.h>
#include <apsp/io/atomic_file.h>
#include <apsp/teach/lesson_file.h>
#include <apsp/teach/pseudocode.h>

#include <nlohmann/json.hpp>

#include "teach/step_focus.h"

namespace apsp::studio {
namespace {

nlohmann::json distance(std::int32_t v) { return v == kInf32 ? nlohmann::json(nullptr) : nlohmann::json(v); }

nlohmann::json path_json(const PathInfo& p) { return p.known ? nlohmann::json(p.vertices) : nlohmann::json(nullptr); }

nlohmann::json path_length(const PathInfo& p) {
  return p.known && !p.vertices.empty() ? nlohmann::json(p.length) : nlohmann::json(nullptr);
}

/// Every k of the step for the cell, and the verdict in the words the panels show.
nlohmann::json ledger_json(const teach::Ledger& l) {
  nlohmann::json entries = nlohmann::json::array();
  for (const teach::LedgerEntry& e : l.entries) {
    const bool finite = e.d_ik != kInf32 && e.d_kj != kInf32;
    entries.push_back({{"round", e.round},
                       {"phase", e.phase},
                       {"k", e.k},
                       {"d_ij_before", distance(e.d_ij_before)},
                       {"d_ik", distance(e.d_ik)},
                       {"d_kj", distance(e.d_kj)},
                       {"sum", finite ? nlohmann::json(static_cast<std::int64_t>(e.d_ik) + e.d_kj) : nlohmann::json(nullptr)},
                       {"better", e.better()},
                       {"d_ij_after", distance(e.d_ij_after)},
                       {"order_dependent", e.order_dependent}});
  }
  return {{"entries", entries},
          {"omitted", l.omitted},
          {"step_entries", l.step_entries},
          {"value_before", distance(l.value_before)},
          {"value_after", distance(l.value_after)},
          {"improved", l.improved()},
          {"improving_k", l.improving_k},
          {"improving_k_complete", l.improving_k_complete},
          {"order_dependent", l.order_dependent()},
          {"verdict", ledger_verdict(l)}};
}

/// The step every classroom panel shows (teach/step_focus.h): what the pseudocode highlights and the graph view
/// marks. null before the first step.
nlohmann::json step_just_done_json(const SessionSnapshot& s) {
  const StepFocus f = step_focus(s);
  if (!f.active) return nullptr;
  const auto& r = s.inspection.relaxation;
  const int line = focus_line(f, r && r->updated_by_step && r->phase == f.phase);
  return {{"round", f.round},
          {"phase", f.phase},
          {"k_first", f.k_first},
          {"k", f.k},
          {"line_index", line},
          {"line", std::string(teach::pseudocode(f.blocked)[static_cast<std::size_t>(line)])},
          {"text", describe_focus(f)}};
}

/// Π's fields (session/predecessor_view.h): NIL is null, as an unreachable distance.
void add_predecessors(nlohmann::json& j, const PredecessorInspection& p, bool selected) {
  auto vertex = [](std::int32_t v) { return v == kNoPredecessor ? nlohmann::json(nullptr) : nlohmann::json(v); };
  nlohmann::json rows = nullptr;
  if (p.shown()) {
    rows = nlohmann::json::array();
    for (int r = 0; r < p.pi->n(); ++r) {
      nlohmann::json row = nlohmann::json::array();
      for (const std::int32_t v : p.pi->row(r)) row.push_back(vertex(v));
      rows.push_back(std::move(row));
    }
  }
  const bool cell = selected && p.shown();
  j["pi"] = rows;
  j["pi_tracked"] = p.tracked;
  j["pi_note"] = p.note;
  j["pi_ij_before"] = cell && p.pi_ij_before ? vertex(*p.pi_ij_before) : nlohmann::json(nullptr);
  j["pi_ij"] = cell ? vertex(p.pi_ij) : nlohmann::json(nullptr);
  j["pi_path"] = cell ? nlohmann::json(p.path) : nlohmann::json(nullptr);
  j["pi_path_length"] = cell && !p.path.empty() && p.path_on_edges ? nlohmann::json(p.path_length) : nlohmann::json(nullptr);
}

}  // namespace

void write_explain_json(const std::string& path, const SessionSnapshot& s) {
  const Inspection& in = s.inspection;
  nlohmann::json j;
  const bool selected = in.i >= 0;
  j["i"] = selected ? nlohmann::json(in.i) : nlohmann::json(nullptr);
  j["j"] = selected ? nlohmann::json(in.j) : nlohmann::json(nullptr);
  j["n"] = s.n;
  j["blocked"] = in.blocked;
  j["finished"] = s.cursor.finished;
  j["cursor"] = teach::cursor_to_json(s.cursor, s.config.block);  // where the run stands, as a lesson's stop or a quiz question says it
  j["steps_taken"] = in.steps_taken;
  j["steps_recorded"] = in.steps_recorded;
  const char* keys[] = {"round", "phase", "k", "updated_by_step", "d_ij_before", "d_ik", "d_kj", "d_ij", "line", "line_index"};
  for (const char* key : keys) j[key] = nullptr;
  if (in.relaxation) {
    const teach::Explanation& e = *in.relaxation;
    j["round"] = e.round;
    j["phase"] = e.phase;
    j["k"] = e.k;
    j["updated_by_step"] = e.updated_by_step;
    j["d_ij_before"] = distance(e.d_ij_before);
    j["d_ik"] = distance(e.d_ik);
    j["d_kj"] = distance(e.d_kj);
    j["d_ij"] = distance(e.d_ij);
    j["line"] = std::string(teach::pseudocode(in.blocked)[static_cast<std::size_t>(e.line)]);
    j["line_index"] = e.line;
  }
  j["ledger"] = in.ledger ? ledger_json(*in.ledger) : nlohmann::json(nullptr);
  j["path"] = selected ? path_json(in.current_path) : nlohmann::json::array();
  j["path_length"] = path_length(in.current_path);
  j["path_as_of"] = in.current_path.as_of;
  j["final_path"] = path_json(in.final_path);
  j["final_path_length"] = path_length(in.final_path);
  // A cycle found but not recovered is null (unknown), never [] (none), as a path not known yet.
  j["negative_cycle_found"] = in.negative_cycle.found;
  j["negative_cycle"] = in.negative_cycle.found && !in.negative_cycle.vertices_known()
                            ? nlohmann::json(nullptr)
                            : nlohmann::json(in.negative_cycle.vertices);
  j["note"] = in.note;
  j["step_just_done"] = step_just_done_json(s);
  add_predecessors(j, in.predecessors, selected);
  AtomicFile file(path);
  file.write(j.dump(2) + "\n");
  file.commit();
}

}  // namespace apsp::studio
