#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/solve/sparse_solver.h>
#include <apsp/teach/dijkstra_trace.h>

#include <limits>
#include <string>

namespace apsp::teach {

namespace {
constexpr std::int64_t kUnreached = std::numeric_limits<std::int64_t>::max();
}  // namespace

const std::vector<std::string_view>& dijkstra_pseudocode() {
  static const std::vector<std::string_view> lines = {
      "for each source s (a row of the result):",
      "  d[s] = 0, frontier = {s}",
      "  while the frontier is not empty:",
      "    u = the frontier vertex of smallest d (with Johnson's h: of smallest d - h)",
      "    settle u: d[u] is final",
      "    for each edge u -> v, v not settled: d[v] = min(d[v], d[u] + w)",
      "  the row of s is done",
  };
  return lines;
}

DijkstraStepper::DijkstraStepper(const CsrGraph& graph, std::int32_t source, const std::vector<std::int64_t>& potentials)
    : m_graph(graph),
      m_h(potentials),
      m_source(source),
      m_distance(static_cast<std::size_t>(graph.n), kUnreached),
      m_state(static_cast<std::size_t>(graph.n), State::Unreached) {
  if (source < 0 || source >= graph.n)
    throw UsageError("Dijkstra stepper: source " + std::to_string(source) + " is outside 0.." +
                     std::to_string(graph.n - 1));
  if (!m_h.empty() && static_cast<std::int64_t>(m_h.size()) != graph.n)
    throw Error("Dijkstra stepper: " + std::to_string(m_h.size()) + " potentials for " + std::to_string(graph.n) +
                " vertices");
  m_distance[static_cast<std::size_t>(source)] = 0;
  m_state[static_cast<std::size_t>(source)] = State::Frontier;
  m_frontier_count = 1;
  m_heap.push({key_of(0, source), source});
}

std::int64_t DijkstraStepper::key_of(std::int64_t d, std::int32_t v) const {
  return m_h.empty() ? d : d - m_h[static_cast<std::size_t>(v)];
}

std::optional<std::int32_t> DijkstraStepper::step() {
  while (!m_heap.empty()) {
    const auto [key, u] = m_heap.top();
    m_heap.pop();
    const auto ui = static_cast<std::size_t>(u);
    // Stale entries: u settled already, or pushed again later with a smaller key.
    if (m_state[ui] != State::Frontier || key != key_of(m_distance[ui], u)) continue;
    m_state[ui] = State::Settled;
    --m_frontier_count;
    m_order.push_back(u);
    const std::int64_t du = m_distance[ui];
    for (std::int32_t e = m_graph.offsets[ui]; e < m_graph.offsets[ui + 1]; ++e) {
      const std::int32_t v = m_graph.targets[static_cast<std::size_t>(e)];
      const auto vi = static_cast<std::size_t>(v);
      if (m_state[vi] == State::Settled) continue;  // final: reduced weights are >= 0
      const std::int64_t candidate = du + m_graph.weights[static_cast<std::size_t>(e)];
      if (candidate < m_distance[vi]) {
        if (m_state[vi] == State::Unreached) {
          m_state[vi] = State::Frontier;
          ++m_frontier_count;
        }
        m_distance[vi] = candidate;
        m_heap.push({key_of(candidate, v), v});
      }
    }
    return u;
  }
  return std::nullopt;
}

std::int64_t DijkstraStepper::run_to_end() {
  std::int64_t settled = 0;
  while (step()) ++settled;
  return settled;
}

std::vector<std::int32_t> DijkstraStepper::frontier() const {
  std::vector<std::int32_t> out;
  out.reserve(static_cast<std::size_t>(m_frontier_count));
  for (std::int32_t v = 0; v < m_graph.n; ++v)
    if (m_state[static_cast<std::size_t>(v)] == State::Frontier) out.push_back(v);
  return out;
}

std::optional<std::int64_t> DijkstraStepper::distance(std::int32_t v) const {
  const std::int64_t d = m_distance[static_cast<std::size_t>(v)];
  if (d == kUnreached) return std::nullopt;
  return d;
}

std::vector<std::int32_t> DijkstraStepper::row() const {
  std::vector<std::int32_t> out(static_cast<std::size_t>(m_graph.n), kInf32);
  for (std::int32_t v = 0; v < m_graph.n; ++v) {
    const std::int64_t d = m_distance[static_cast<std::size_t>(v)];
    if (d != kUnreached) out[static_cast<std::size_t>(v)] = checked_distance(d, m_source, v);
  }
  return out;
}

}  // namespace apsp::teach
