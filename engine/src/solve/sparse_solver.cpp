// The part every sparse solver shares: checking the sources, Johnson's potentials when a weight is negative,
// the result's memory, and the timing of the whole solve.
#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/core/stop_signal.h>
#include <apsp/core/types.h>
#include <apsp/solve/negative_cycle.h>
#include <apsp/solve/sparse_solver.h>
#include <apsp/solve/sparse_work.h>

#include <algorithm>
#include <chrono>
#include <limits>

namespace apsp {

namespace {
double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// Edges relaxed between two polls of the stop hook (milliseconds of work).
constexpr std::int64_t kEdgesPerPoll = std::int64_t{1} << 22;
}  // namespace

std::vector<std::int64_t> johnson_potentials(const CsrGraph& graph, const std::function<bool()>& should_stop) {
  const std::int32_t n = graph.n;
  for (std::int32_t u = 0; u < n; ++u)
    for (std::int32_t e = graph.offsets[static_cast<std::size_t>(u)];
         e < graph.offsets[static_cast<std::size_t>(u) + 1]; ++e)
      if (graph.targets[static_cast<std::size_t>(e)] == u)
        throw NegativeCycleError({u});  // only negative self loops are kept
  auto poll = [&should_stop] {
    if (!should_stop || !should_stop()) return;
    throw_if_stop_requested();
    throw Error("Johnson's potentials: stopped before they were found");
  };
  // The virtual source reaches every vertex with weight 0, so every h starts at 0. Updating in place (edges in
  // CSR order) carries a change along a path within one round. A negative cycle shows as soon as the parents
  // close one (usually within a few rounds), not only after n rounds that still relax.
  std::vector<std::int64_t> h(static_cast<std::size_t>(n), 0);
  std::vector<std::int32_t> parent(static_cast<std::size_t>(n), -1);
  std::int64_t since_poll = 0;
  for (std::int32_t round = 0; round < n; ++round) {
    bool relaxed = false;
    for (std::int32_t u = 0; u < n; ++u) {
      const std::int64_t hu = h[static_cast<std::size_t>(u)];
      const std::int32_t first = graph.offsets[static_cast<std::size_t>(u)];
      const std::int32_t last = graph.offsets[static_cast<std::size_t>(u) + 1];
      for (std::int32_t e = first; e < last; ++e) {
        const auto v = static_cast<std::size_t>(graph.targets[static_cast<std::size_t>(e)]);
        const std::int64_t candidate = hu + graph.weights[static_cast<std::size_t>(e)];
        if (candidate < h[v]) {
          h[v] = candidate;
          parent[v] = u;
          relaxed = true;
        }
      }
      since_poll += last - first + 1;
      if (since_poll >= kEdgesPerPoll) {
        since_poll = 0;
        poll();
      }
    }
    if (!relaxed) return h;
    // With a relaxation in round n, a parent chain of n edges repeats a vertex: a cycle is certain by then.
    std::vector<std::int32_t> cycle = parent_cycle(parent);
    if (!cycle.empty() || round == n - 1) throw NegativeCycleError(std::move(cycle));
    poll();  // also once a round: many short rounds add up too
    since_poll = 0;
  }
  return h;
}

std::int32_t checked_distance(std::int64_t d, std::int32_t source, std::int32_t target) {
  if (d >= kInf32 || d <= -kInf32)
    throw RangeError("the distance " + std::to_string(source) + " -> " + std::to_string(target) + " is " +
                     std::to_string(d) + ", outside the i32 range (-" + std::to_string(kInf32) + ", " +
                     std::to_string(kInf32) + ")");
  return static_cast<std::int32_t>(d);
}

std::int64_t edges_relaxed(const CsrGraph& graph, const SourceDistances& rows) {
  std::int64_t edges = 0;
  for (std::int64_t r = 0; r < rows.rows(); ++r) {
    const std::int32_t* row = rows.row(r);
    for (std::int32_t v = 0; v < graph.n; ++v)
      if (row[v] != kInf32)
        edges += graph.offsets[static_cast<std::size_t>(v) + 1] - graph.offsets[static_cast<std::size_t>(v)];
  }
  return edges;
}

void SparseSolver::throw_if_stopped() const {
  if (!m_options.should_stop || !m_options.should_stop()) return;
  throw_if_stop_requested();
  throw Error(std::string(name()) + ": stopped before every source was done");
}

SourceDistances SparseSolver::solve(const CsrGraph& graph, const std::vector<std::int32_t>& sources) {
  SourceDistances out;
  solve_into(graph, sources, out);
  return out;
}

void SparseSolver::solve_into(const CsrGraph& graph, const std::vector<std::int32_t>& sources, SourceDistances& out) {
  for (const std::int32_t s : sources)
    if (s < 0 || s >= graph.n)
      throw UsageError(std::string(name()) + ": source " + std::to_string(s) + " is outside 0.." +
                       std::to_string(graph.n - 1));
  require_host_memory(
      "the " + std::to_string(sources.size()) + " x " + std::to_string(graph.n) + " distances of " +
          std::string(name()) + " and its working memory",
      // What @p out already holds is reused, not allocated again.
      SourceDistances::bytes_for(static_cast<std::int64_t>(sources.size()), graph.n) -
          std::min<std::uint64_t>(4 * out.values.capacity(),
                                  SourceDistances::bytes_for(static_cast<std::int64_t>(sources.size()), graph.n)) +
          working_bytes(graph.n, graph.m()));
  m_stats = SparseSolveStats{};
  std::vector<std::int64_t> potentials;
  if (graph.has_negative_weight()) {
    const auto t0 = std::chrono::steady_clock::now();
    potentials = johnson_potentials(graph, m_options.should_stop);
    m_stats.reweighted = true;
    m_stats.potentials_ms = ms_since(t0);
  }
  out.n = graph.n;
  out.sources = sources;
  // Unwritten (DistanceValues): every solver writes each cell of its rows; the pages are touched by the
  // threads that write them, not all first by this one. A result passed in again keeps its pages.
  out.values.resize(static_cast<std::size_t>(out.rows()) * static_cast<std::size_t>(graph.n));
  const auto t0 = std::chrono::steady_clock::now();
  solve_rows(graph, potentials, out, m_stats);
  m_stats.rows_ms = ms_since(t0);
}

}  // namespace apsp
