#include "session/classroom_worker.h"

#include <apsp/core/errors.h>
#include <apsp/solve/registry.h>
#include <apsp/teach/pseudocode.h>

#include <algorithm>

#include "session/mid_round_path.h"

namespace apsp::studio {
namespace {

// Up to this n a CPU shadow solve gives the final path before the run ends (n^3 = 1.3e8 updates: well under
// a second); above it the final path is known once the run finishes.
constexpr int kShadowSolveMaxN = 512;
// The inspector runs after every step job, playback included: a round start that is not checkpointed (a matrix
// above the time-travel budget) is re-reached by a replay only while that costs at most this many updates
// (about a second on cpu-blocked, milliseconds on a GPU); beyond it the panel says why it shows nothing.
constexpr std::uint64_t kInspectorReplayUpdates = 4'000'000'000ull;
// Up to this n the mid-round path is found from the whole round-start matrix after every step (n^2 values and
// B n^2 updates: well under a millisecond for a classroom graph).
constexpr int kMidRoundPathMaxN = 256;

bool at_round_start(const Solver& s) {
  const Cursor c = s.cursor();
  return c.k == 0 && c.phase == (s.blocked() ? Phase::Pivot : Phase::Full);
}

}  // namespace

void ClassroomWorker::attach(Solver& solver, std::shared_ptr<const Graph> graph) {
  m_solver = &solver;
  m_graph = graph.get();
  m_edges = teach::OutEdges(*graph);
  const int n = graph->n;
  m_travel = std::make_unique<teach::TimeTravel>(solver, std::move(graph));
  m_final.clear();
  m_final_tried = false;
  m_negative_cycle = {};
  m_predecessors.forget();
  if (m_i >= n || m_j >= n) m_i = m_j = -1;
}

void ClassroomWorker::restarted() {
  if (m_travel) m_travel->restart();
  m_negative_cycle = {};
  m_predecessors.forget();
}

std::vector<std::int32_t> ClassroomWorker::column_now(int j) {
  std::vector<std::int32_t> column(static_cast<std::size_t>(m_solver->n()));
  for (int v = 0; v < m_solver->n(); ++v) column[static_cast<std::size_t>(v)] = m_solver->value_at(v, j);
  return column;
}

PathInfo ClassroomWorker::current_path() {
  PathInfo info;
  const Cursor c = m_solver->cursor();
  const int n = m_solver->n();
  const int block = m_solver->options().block;
  std::vector<std::int32_t> column;
  int below = 0;
  if (c.finished) {
    column = column_now(m_j);
    below = n;
    info.as_of = "final";
  } else if (at_round_start(*m_solver) || !m_solver->blocked()) {
    // A round boundary, or any k-step of the naive run: the matrix is Floyd–Warshall restricted to k < t.
    column = column_now(m_j);
    below = m_solver->blocked() ? c.round * block : static_cast<int>(m_travel->clock().position(c));
    info.as_of = "intermediates < " + std::to_string(below);
  } else {
    // Mid-round in a blocked run the matrix mixes k ranges: a path of the length the cell shows now, from the
    // round start's matrix (small n), else the path as of the round's start, said so.
    if (const auto matching = path_of_value_now(c.round)) return *matching;
    std::vector<std::pair<int, int>> cells;
    for (int v = 0; v < n; ++v) cells.emplace_back(v, m_j);
    if (m_travel->round_start_cost(c.round) > kInspectorReplayUpdates) {
      info.as_of = "mid-round; the path as of the round's start needs a replay (above the time-travel budget)";
      return info;
    }
    column = m_travel->values_at_round_start(c.round, cells);
    below = c.round * block;
    info.as_of = "as of the start of round " + std::to_string(c.round) + " (mid-round; k < " + std::to_string(below) + ")";
  }
  const teach::WeightedPath p = teach::shortest_path(m_edges, column, m_i, m_j, below);
  info.vertices = p.vertices;
  info.length = p.length;
  info.known = true;
  return info;
}

std::optional<PathInfo> ClassroomWorker::path_of_value_now(int round) {
  const int n = m_solver->n();
  const int block = m_solver->options().block;
  if (n > kMidRoundPathMaxN || m_travel->round_start_cost(round) > kInspectorReplayUpdates) return std::nullopt;
  std::vector<std::pair<int, int>> cells;
  cells.reserve(static_cast<std::size_t>(n) * n);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) cells.emplace_back(a, b);
  const MidRoundPath p = mid_round_path(m_edges, m_travel->values_at_round_start(round, cells), n, round * block,
                                        (round + 1) * block, m_i, m_j, m_solver->value_at(m_i, m_j));
  if (!p.found) return std::nullopt;
  PathInfo info;
  info.vertices = p.vertices;
  info.length = p.length;
  info.known = true;
  info.as_of = "mid-round " + std::to_string(round) + ", " + p.as_of;
  return info;
}

PathInfo ClassroomWorker::final_path() {
  PathInfo info;
  info.as_of = "final";
  const int n = m_solver->n();
  if (m_solver->finished()) {
    if (m_negative_cycle.found) return info;  // a negative cycle: no shortest paths
    const teach::WeightedPath p = teach::shortest_path(m_edges, column_now(m_j), m_i, m_j, n);
    info.vertices = p.vertices;
    info.length = p.length;
    info.known = true;
    return info;
  }
  if (!m_final_tried && n <= kShadowSolveMaxN && m_graph) {
    m_final_tried = true;
    try {
      SolverOptions o;
      o.block = std::min(64, std::max(1, n));
      o.threads = 1;  // the frame loop keeps its core
      auto shadow = create_solver("cpu-blocked", o);
      DistanceMatrix result;
      solve_all(*shadow, to_distance_matrix(*m_graph, o.block, DType::I32));
      shadow->read(result);
      m_final = result.to_dense();
    } catch (const std::exception&) {
      m_final.clear();  // a negative cycle or a range error: the run itself will say so
    }
  }
  if (m_final.empty()) return info;
  std::vector<std::int32_t> column(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v) column[static_cast<std::size_t>(v)] = m_final[static_cast<std::size_t>(v) * n + m_j];
  const teach::WeightedPath p = teach::shortest_path(m_edges, column, m_i, m_j, n);
  info.vertices = p.vertices;
  info.length = p.length;
  info.known = true;
  return info;
}

Inspection ClassroomWorker::inspect(Log& log) {
  Inspection ins;
  if (!m_solver || !m_travel) return ins;
  ins.blocked = m_solver->blocked();
  ins.steps_taken = m_travel->current();
  ins.steps_recorded = m_travel->history().size();
  ins.last_step = m_travel->last_step();
  ins.negative_cycle = m_negative_cycle;
  const int n = m_solver->n();
  if (m_negative_cycle.found)
    ins.predecessors.note = "no Π: a negative cycle means there are no shortest paths";
  else
    ins.predecessors = m_predecessors.read(*m_solver, *m_travel, m_edges, m_i, m_j);
  if (m_i < 0 || m_j < 0 || m_i >= n || m_j >= n) return ins;
  ins.i = m_i;
  ins.j = m_j;
  const int block = m_solver->options().block;
  if (const auto step = m_travel->last_step()) {
    const auto point = teach::relaxation_point(n, block, ins.blocked, step->before, step->after, m_i, m_j);
    // The step's first and last round starts are read within the replay bound (without them no verdict);
    // rounds between them only where held, so a step over many rounds costs at most two replays.
    const teach::KClock& clock = m_travel->clock();
    const int first_round = clock.cursor_at(clock.position(step->before)).round;
    const int last_round = clock.cursor_at(clock.position(step->after) - 1).round;
    auto read = [&](int round, const std::vector<std::pair<int, int>>& cells)
        -> std::optional<std::vector<std::int32_t>> {
      const bool needed = round == first_round || round == last_round;
      if (m_travel->round_start_cost(round) > (needed ? kInspectorReplayUpdates : 0)) return std::nullopt;
      return m_travel->values_at_round_start(round, cells);
    };
    const std::int32_t now = m_solver->value_at(m_i, m_j);
    const auto ledger = point ? teach::step_ledger(n, block, ins.blocked, floor_of(m_solver->options().dtype),
                                                   step->before, step->after, m_i, m_j, now, read)
                              : std::nullopt;
    if (point && !ledger) {
      ins.note = "relaxation not shown: the matrix is above the time-travel checkpoint budget, so its round start "
                 "would need a replay of more than 4e9 updates after every step";
    } else if (point) {
      teach::Explanation e;
      if (ledger->relaxes_cell()) {
        e = teach::headline(*ledger, ins.blocked);
      } else {  // a phase over other blocks: the step's last k with the current values
        auto current = [&](int a, int b) { return m_solver->value_at(a, b); };
        e = teach::explain(n, block, ins.blocked, floor_of(m_solver->options().dtype), *point, m_i, m_j,
                           [](int, int) { return kInf32; }, current);
      }
      if (ledger->mismatch && !m_negative_cycle.found && !ledger->order_dependent()) {
        log.error("inspector: d[" + std::to_string(m_i) + "][" + std::to_string(m_j) + "] computed as " +
                  std::to_string(ledger->value_after) + " but the solver holds " + std::to_string(now) +
                  " (round " + std::to_string(e.round) + ", phase " + std::to_string(e.phase) + ", k " +
                  std::to_string(e.k) + "): please report this bug");
      }
      ins.relaxation = e;
      ins.ledger = ledger;
    }
  }
  ins.current_path = current_path();
  ins.final_path = final_path();
  return ins;
}

}  // namespace apsp::studio
