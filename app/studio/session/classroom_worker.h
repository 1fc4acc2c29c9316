#pragma once
// The worker thread's classroom state: the TimeTravel wrapped around the session's solver, the
// graph's out-edges for paths, the selected cell, and the inspection computed from them after each job.
// Touched only by the session's worker thread.
#include <apsp/graph/graph.h>
#include <apsp/solve/solver.h>
#include <apsp/teach/shortest_path.h>
#include <apsp/teach/time_travel.h>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "session/inspection.h"
#include "session/log.h"
#include "session/predecessor_reader.h"

namespace apsp::studio {

class ClassroomWorker {
 public:
  /// @brief A new solver (load, configure) on @p graph: time travel starts over, the selection stays if it fits.
  /// Going back to the start resets @p solver from @p graph's edges (no host matrix where the backend builds it).
  void attach(Solver& solver, std::shared_ptr<const Graph> graph);
  /// @brief No Floyd–Warshall solver any more (a sparse solver took over): no time travel, no inspection.
  void detach() {
    m_travel.reset();
    m_solver = nullptr;
    m_graph = nullptr;
    m_final.clear();
    m_final_tried = false;
    m_negative_cycle = {};
    m_predecessors.forget();
  }
  /// @brief The solver was reset() on the same graph.
  void restarted();
  /// @brief The TimeTravel the session steps through; null before a graph is loaded.
  teach::TimeTravel* travel() { return m_travel.get(); }
  void select(int i, int j) { m_i = i, m_j = j; }
  void set_negative_cycle(NegativeCycleFinding cycle) { m_negative_cycle = std::move(cycle); }
  /// @brief The inspection for the solver's current state. Logs an error when the inspector's arithmetic and
  /// the solver disagree (never expected).
  Inspection inspect(Log& log);

 private:
  PathInfo current_path();
  PathInfo final_path();
  /// Mid-round (blocked): a path whose length is the selected cell's value now; nullopt above the size limit or
  /// when none is found.
  std::optional<PathInfo> path_of_value_now(int round);
  std::vector<std::int32_t> column_now(int j);

  Solver* m_solver = nullptr;
  std::unique_ptr<teach::TimeTravel> m_travel;
  teach::OutEdges m_edges;
  int m_i = -1;
  int m_j = -1;
  const Graph* m_graph = nullptr;
  std::vector<std::int32_t> m_final;  ///< n x n final distances of a shadow solve (small n), once computed
  bool m_final_tried = false;
  NegativeCycleFinding m_negative_cycle;
  PredecessorReader m_predecessors;  ///< Π at the cursor and the few positions before it
};

}  // namespace apsp::studio
