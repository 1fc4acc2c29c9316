#pragma once
// The worker's side of Π (session/predecessor_view.h): reads Π from the session's solver after each job, keeps
// the few latest by timeline position (so that π_ij before a step is a lookup while stepping forward), and
// reads the path back from Π with its length. Touched only by the session's worker thread.
#include <apsp/solve/solver.h>
#include <apsp/teach/shortest_path.h>
#include <apsp/teach/time_travel.h>

#include <cstdint>
#include <map>
#include <memory>

#include "session/predecessor_view.h"

namespace apsp::studio {

class PredecessorReader {
 public:
  /// @brief Forgets every Π read: a new solver, or the same one reset to the start.
  void forget() { m_by_position.clear(); }
  /// @brief Π at the cursor of @p travel's solver and, for the cell (@p i, @p j) (i < 0: none), π_ij before and
  /// after the step just done and the path read from Π. Reading π_ij before the step may move the solver to
  /// the state before it and back (exact: apsp/teach/time_travel.h), only when that state's Π was not kept.
  PredecessorInspection read(Solver& solver, teach::TimeTravel& travel, const teach::OutEdges& edges, int i, int j);

 private:
  /// Π at the solver's cursor, or null with @p note saying why there is none.
  std::shared_ptr<const PredecessorMatrix> read_now(Solver& solver, std::string& note);
  std::shared_ptr<const PredecessorMatrix> before_last_step(Solver& solver, teach::TimeTravel& travel);
  void keep(std::int64_t position, std::shared_ptr<const PredecessorMatrix> pi);

  std::map<std::int64_t, std::shared_ptr<const PredecessorMatrix>> m_by_position;
};

/// @brief The path i .. j read back from @p pi and its length over @p edges (the lightest of parallel edges).
/// Empty when π_ij is NIL (j unreachable) and i != j; throws apsp::Error when Π has a loop.
struct PredecessorPath {
  std::vector<std::int32_t> vertices;
  std::int64_t length = 0;
  bool on_edges = true;  ///< every consecutive pair is an edge of the graph
};
PredecessorPath predecessor_path(const PredecessorMatrix& pi, const teach::OutEdges& edges, int i, int j);

}  // namespace apsp::studio
