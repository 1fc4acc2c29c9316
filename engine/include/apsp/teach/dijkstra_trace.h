#pragma once
/// @file dijkstra_trace.h
/// @brief Classroom: Dijkstra from one source, one settled vertex at a time, with what a lesson shows after each
/// step (the settled set, the frontier, the tentative distances). The studio steps through a sparse solve with
/// it on small graphs; the rows it finishes equal cpu-dijkstra's (tests/engine/test_dijkstra_trace.cpp), but it
/// is written for clarity, not speed (a binary heap with lazy deletion, no threads).
#include <apsp/graph/csr.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <queue>
#include <string_view>
#include <utility>
#include <vector>

namespace apsp::teach {

/// @brief The pseudocode of what the sparse solvers run per source (the studio's pseudocode panel shows it while
/// a sparse solve is stepped); line kDijkstraSettleLine is the one DijkstraStepper::step() carries out.
const std::vector<std::string_view>& dijkstra_pseudocode();
inline constexpr std::size_t kDijkstraSettleLine = 4;

/// @brief One source's Dijkstra, advanced by step().
///
/// With Johnson's potentials h (apsp/solve/sparse_solver.h, johnson_potentials; empty without negative
/// weights) vertices settle in order of the reduced distance D(v) - h(v), which is what makes Dijkstra correct
/// there; distances shown stay the real ones, D(v). Ties settle the smaller vertex first, so a trace is
/// deterministic.
class DijkstraStepper {
 public:
  /// @brief Starts at @p source (0..n-1): nothing settled, the source on the frontier at distance 0.
  /// @p graph and @p potentials must outlive the stepper.
  DijkstraStepper(const CsrGraph& graph, std::int32_t source, const std::vector<std::int64_t>& potentials = {});

  /// @brief Settles the frontier vertex of smallest (reduced) distance and relaxes its out-edges. Returns the
  /// vertex settled, or nullopt when the frontier was already empty (the source is done).
  std::optional<std::int32_t> step();
  /// @brief Steps until done; returns the number of vertices settled by this call.
  std::int64_t run_to_end();

  bool done() const { return m_frontier_count == 0; }
  std::int32_t source() const { return m_source; }
  /// @brief The vertex the last step settled (-1 before the first step).
  std::int32_t last_settled() const { return m_order.empty() ? -1 : m_order.back(); }
  /// @brief Vertices in the order they settled.
  const std::vector<std::int32_t>& settle_order() const { return m_order; }
  bool settled(std::int32_t v) const { return m_state[static_cast<std::size_t>(v)] == State::Settled; }
  /// @brief Reached (finite tentative distance) and not settled yet.
  bool on_frontier(std::int32_t v) const { return m_state[static_cast<std::size_t>(v)] == State::Frontier; }
  /// @brief The frontier, in increasing vertex order.
  std::vector<std::int32_t> frontier() const;
  /// @brief Tentative distance of @p v (final once settled); nullopt while unreached.
  std::optional<std::int64_t> distance(std::int32_t v) const;
  /// @brief The source's row as the solvers give it (int32, unreached = kInf32; throws RangeError as they do).
  /// Final once done().
  std::vector<std::int32_t> row() const;

 private:
  enum class State : std::uint8_t { Unreached, Frontier, Settled };
  using Item = std::pair<std::int64_t, std::int32_t>;  // (reduced key, vertex): ties by vertex

  std::int64_t key_of(std::int64_t d, std::int32_t v) const;

  const CsrGraph& m_graph;
  const std::vector<std::int64_t>& m_h;
  std::int32_t m_source;
  std::vector<std::int64_t> m_distance;
  std::vector<State> m_state;
  std::int64_t m_frontier_count = 0;
  std::vector<std::int32_t> m_order;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> m_heap;
};

}  // namespace apsp::teach
