#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/core/option_limits.h>
#include <apsp/solve/block_size.h>
#include <apsp/solve/derive_predecessors.h>
#include <apsp/solve/negative_cycle.h>
#include <apsp/solve/solver.h>
#include <apsp/solve/tile_minima.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>

namespace apsp {

namespace {
/// Copies @p src into a matrix padded to @p block with elements of @p dtype (the solver's own layout).
DistanceMatrix convert(const DistanceMatrix& src, int block, DType dtype) {
  if (src.block() == block && src.dtype() == dtype) return src;
  DistanceMatrix out(src.n(), block, dtype);
  for (int i = 0; i < src.n(); ++i)
    for (int j = 0; j < src.n(); ++j) out.set(i, j, src.get(i, j));
  return out;
}

Phase first_phase(bool blocked) { return blocked ? Phase::Pivot : Phase::Full; }
}  // namespace

int Solver::rounds() const {
  const int b = m_options.block;
  return m_n == 0 ? 0 : (m_n + b - 1) / b;
}

void Solver::reset(const DistanceMatrix& initial) {
  require_block_size(name(), {}, m_options.block);  // the variant checked its listed sizes when created
  m_loaded = false;  // a reset that throws leaves the solver unloaded, never half old and half new
  m_profile.clear();
  m_load_times = LoadTimes{};
  m_initial = DistanceMatrix();  // the previous graph's copy goes before anything new is allocated
  const std::uint64_t matrix_bytes = DistanceMatrix::required_bytes(initial.n(), m_options.block, m_options.dtype);
  const std::string what_for = std::string(name()) + " on the " + std::to_string(initial.n()) + " x " +
                               std::to_string(initial.n()) + " " + std::string(to_string(m_options.dtype)) + " matrix";
  const bool same_layout = initial.block() == m_options.block && initial.dtype() == m_options.dtype;
  DistanceMatrix converted;
  if (!same_layout) {
    require_host_memory(what_for, matrix_bytes + host_bytes_for(initial.n()));
    converted = convert(initial, m_options.block, m_options.dtype);
  }
  const DistanceMatrix& padded = same_layout ? initial : converted;
  m_policy = make_range_policy(padded);
  // Only a negative weight can close a negative cycle: the input is kept for recovering one then, and for the
  // edge weights of a derived Π at sizes that keep one.
  const bool derives_predecessors = !tracks_predecessors() && initial.n() <= limits::kMaxPredecessorVertices;
  const bool keep_input = m_policy.negative_weights || derives_predecessors;
  require_host_memory(what_for, host_bytes_for(initial.n()) + (keep_input && same_layout ? matrix_bytes : 0));
  load(padded);
  if (keep_input) {
    // Two statements, not a conditional expression: mixing `const&` and `&&` operands would make a const
    // temporary and copy the converted matrix instead of moving it.
    if (same_layout)
      m_initial = initial;
    else
      m_initial = std::move(converted);
  }
  m_n = initial.n();
  m_loaded = true;
  m_negative_cycle = false;
  m_cursor = Cursor{0, first_phase(blocked()), 0, m_n == 0};
}

void Solver::reset(const Graph& graph) {
  using Clock = std::chrono::steady_clock;
  const auto ms_since = [](Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); };
  graph.validate("graph");
  check_weights_fit(graph, m_options.dtype);
  const bool negative = graph.m() > 0 && graph.weight_range().first < 0;
  const bool derives_predecessors = !tracks_predecessors() && graph.n <= limits::kMaxPredecessorVertices;
  if (!builds_on_device() || negative || derives_predecessors || graph.n == 0) {
    // The host matrix is needed anyway (kept as the input, or the backend's own layout): the one path.
    const auto build_start = Clock::now();
    const DistanceMatrix initial = to_distance_matrix(graph, m_options.block, m_options.dtype);
    const double build_ms = ms_since(build_start);
    const auto upload_start = Clock::now();
    reset(initial);
    m_load_times = LoadTimes{false, build_ms, ms_since(upload_start),
                             DistanceMatrix::required_bytes(graph.n, m_options.block, m_options.dtype)};
    return;
  }
  m_loaded = false;  // as reset(matrix): a load that throws leaves the solver unloaded
  m_profile.clear();
  m_initial = DistanceMatrix();
  m_policy = make_range_policy(graph, m_options.dtype);
  LoadTimes times;
  times.built_on_device = true;
  load_edges(graph, times);
  m_load_times = times;
  m_n = graph.n;
  m_loaded = true;
  m_negative_cycle = false;
  m_cursor = Cursor{0, first_phase(blocked()), 0, m_n == 0};
}

void Solver::read_rows(int row_begin, int rows, std::int32_t* out) {
  if (!m_loaded) throw UsageError(std::string(name()) + ": read_rows() before reset()");
  if (row_begin < 0 || rows < 0 || row_begin + rows > m_n)
    throw UsageError(std::string(name()) + ": read_rows() of rows outside 0.." + std::to_string(m_n));
  if (rows == 0) return;
  const std::size_t n = static_cast<std::size_t>(m_n);
  const std::size_t cells = static_cast<std::size_t>(rows) * n;
  std::vector<std::int16_t> narrow;
  if (m_options.dtype == DType::I32) {
    read_raw_rows(row_begin, rows, out, n * sizeof(std::int32_t));
  } else {
    narrow.resize(cells);
    read_raw_rows(row_begin, rows, narrow.data(), n * sizeof(std::int16_t));
    for (std::size_t c = 0; c < cells; ++c) out[c] = narrow[c];
  }
  // As read(): a finished solve's real distance outside the dtype's range is an error, never a number.
  for (std::size_t c = 0; c < cells; ++c) {
    const std::int32_t v = m_policy.normalize(out[c]);
    if (m_cursor.finished)
      check_distance(m_policy, row_begin + static_cast<std::int64_t>(c / n), static_cast<std::int64_t>(c % n), v);
    out[c] = v;
  }
}

void Solver::read_raw_rows(int row_begin, int rows, void* dst, std::size_t pitch_bytes) {
  DistanceMatrix whole(m_n, m_options.block, m_options.dtype);
  read_raw(whole);
  const std::size_t row_bytes = static_cast<std::size_t>(m_n) * element_bytes(m_options.dtype);
  for (int r = 0; r < rows; ++r)
    std::memcpy(static_cast<char*>(dst) + static_cast<std::size_t>(r) * pitch_bytes,
                static_cast<const char*>(whole.data()) + static_cast<std::size_t>(row_begin + r) * whole.pitch_bytes(), row_bytes);
}

void Solver::restore(const DistanceMatrix& state, int round) {
  if (!m_loaded) throw UsageError(std::string(name()) + ": restore() before reset()");
  if (state.n() != m_n) throw UsageError(std::string(name()) + ": restore() of a matrix of another size");
  if (round < 0 || round > rounds()) throw UsageError(std::string(name()) + ": restore() to a round outside 0..rounds()");
  if (tracks_predecessors()) throw UsageError(std::string(name()) + ": restore() cannot rebuild a tracked predecessor matrix (track_paths)");
  const bool same_layout = state.block() == m_options.block && state.dtype() == m_options.dtype;
  m_loaded = false;  // as reset(): a load that throws leaves the solver unloaded
  if (same_layout) {
    load(state);
  } else {
    load(convert(state, m_options.block, m_options.dtype));
  }
  m_profile.drop_rounds_from(round);
  m_loaded = true;
  m_negative_cycle = false;
  m_cursor = Cursor{round, first_phase(blocked()), 0, round >= rounds()};
}

void Solver::read_state(DistanceMatrix& out) {
  if (!m_loaded) throw UsageError(std::string(name()) + ": read_state() before reset()");
  if (out.n() != m_n || out.block() != m_options.block || out.dtype() != m_options.dtype)
    out = DistanceMatrix(m_n, m_options.block, m_options.dtype);
  read_raw(out);
}

StepResult Solver::step(Granularity g) {
  if (!m_loaded) throw UsageError(std::string(name()) + ": step() before reset()");
  StepResult result;
  result.before = m_cursor;
  const int start_round = m_cursor.round;
  auto run_rest_of_phase = [&] {
    const int k_end = std::min(m_options.block, m_n - m_cursor.round * m_options.block);
    run_phase(m_cursor.round, m_cursor.phase, m_cursor.k, k_end);
    advance_cursor_after_phase();
  };
  if (!m_cursor.finished) {
    switch (g) {
      case Granularity::KStep: {
        const int k_end = std::min(m_options.block, m_n - m_cursor.round * m_options.block);
        run_phase(m_cursor.round, m_cursor.phase, m_cursor.k, m_cursor.k + 1);
        if (++m_cursor.k >= k_end) advance_cursor_after_phase();
        break;
      }
      case Granularity::Phase:
        run_rest_of_phase();
        break;
      case Granularity::Round:
        while (!m_cursor.finished && m_cursor.round == start_round) run_rest_of_phase();
        break;
      case Granularity::ToEnd:
        while (!m_cursor.finished) run_rest_of_phase();
        break;
    }
  }
  result.after = m_cursor;
  result.rounds_completed = m_cursor.round - start_round;  // the round index reaches rounds() when finished
  return result;
}

void Solver::advance_cursor_after_phase() {
  m_cursor.k = 0;
  const bool last_phase = m_cursor.phase == Phase::Independent || m_cursor.phase == Phase::Full;
  if (!last_phase) {
    m_cursor.phase = m_cursor.phase == Phase::Pivot ? Phase::PivotRowCol : Phase::Independent;
    return;
  }
  m_cursor.phase = first_phase(blocked());
  ++m_cursor.round;
  if (m_cursor.round >= rounds()) m_cursor.finished = true;
  after_round_completed();
}

void Solver::after_round_completed() {
  // A negative diagonal entry is a negative cycle; stop before values run away (and could overflow).
  if (negative_diagonal(m_cursor.finished)) raise_negative_cycle();
}

void Solver::raise_negative_cycle() {
  m_cursor.finished = true;
  m_negative_cycle = true;
  // m_initial is kept whenever a weight is negative, and without one no diagonal entry can go negative.
  // The recovery polls the same stop hook as the solve; stopped, the error carries no vertices.
  std::vector<std::int32_t> cycle = m_initial.empty()
                                        ? std::vector<std::int32_t>{}
                                        : find_negative_cycle(m_initial, m_options.should_stop, m_options.threads);
  throw NegativeCycleError(std::move(cycle));
}

void Solver::read(DistanceMatrix& out) {
  if (!m_loaded) throw UsageError(std::string(name()) + ": read() before reset()");
  if (out.n() != m_n || out.block() != m_options.block || out.dtype() != m_options.dtype)
    out = DistanceMatrix(m_n, m_options.block, m_options.dtype);
  read_raw(out);
  if (m_cursor.finished) check_range(m_policy, out);
  // Normalize in place: a value that stands for "unreachable" becomes the dtype's INF.
  if (m_policy.unreachable_from < m_policy.inf) {
    for (int i = 0; i < m_n; ++i)
      for (int j = 0; j < m_n; ++j) {
        const std::int32_t v = out.get(i, j);
        if (v >= m_policy.unreachable_from && v != kInf32) out.set(i, j, kInf32);
      }
  }
}

void Solver::check_final_range() {
  if (!m_loaded || !m_cursor.finished || !m_policy.may_leave_range) return;
  require_host_memory("the range check of the " + std::to_string(m_n) + " x " + std::to_string(m_n) + " result",
                      DistanceMatrix::required_bytes(m_n, m_options.block, m_options.dtype));
  DistanceMatrix copy(m_n, m_options.block, m_options.dtype);
  read_raw(copy);
  check_range(m_policy, copy);
}

std::int32_t Solver::value_at(int i, int j) {
  if (i < 0 || j < 0 || i >= m_n || j >= m_n)
    throw UsageError("vertex pair (" + std::to_string(i) + ", " + std::to_string(j) + ") outside 0.." +
                     std::to_string(m_n - 1));
  const std::int32_t raw = raw_value_at(i, j);
  const std::int32_t v = raw >= m_policy.inf ? kInf32 : raw;
  return m_policy.normalize(v);
}

Solver::Solver(const SolverOptions& options) : m_options(options) {}
Solver::~Solver() = default;

void Solver::view_tiles(const ViewGeometry& geometry, std::int32_t* tiles) {
  if (geometry.texels() > 0 && m_n > 0) {
    // Raw minima (int32-widened, not normalized) from wherever the variant keeps the matrix.
    const Storage storage = storage_for_reads_async();
    if (!storage.on_device()) {
      host_tile_minima(storage, geometry, m_options.threads, tiles);
    } else {
      if (!m_device_tiles) m_device_tiles = std::make_unique<DeviceTileMinima>();
      m_device_tiles->to_host_async(storage, geometry, tiles);
      synchronize();
      m_device_tiles->finish_to_host(geometry, tiles);
    }
  }
  const std::size_t count = geometry.texels();
  for (std::size_t t = 0; t < count; ++t) {
    const std::int32_t v = tiles[t] >= m_policy.inf ? kInf32 : tiles[t];
    tiles[t] = m_policy.normalize(v);
  }
}

std::optional<std::vector<std::int32_t>> Solver::path(int, int) {
  throw UsageError(std::string(name()) + " does not track paths (use a CPU backend with --paths)");
}

void Solver::read_predecessors(PredecessorMatrix& out) {
  if (!m_loaded) throw UsageError(std::string(name()) + ": read_predecessors() before reset()");
  require_predecessor_vertices(m_n);
  if (m_negative_cycle) throw UsageError("no predecessor matrix: the graph has a negative cycle, so no shortest paths");
  if (out.n() != m_n) out = PredecessorMatrix(m_n);
  if (tracks_predecessors()) {
    read_tracked_predecessors(out);
    return;
  }
  const bool round_start = m_cursor.k == 0 && m_cursor.phase == first_phase(blocked());
  if (!m_cursor.finished && !round_start)
    throw UsageError(std::string(name()) + " derives the predecessor matrix from its distances at a round's start or "
                     "the end only, not inside round " + std::to_string(m_cursor.round) +
                     " (cpu-naive and cpu-blocked with path tracking keep it at every step)");
  DistanceMatrix distances;
  read(distances);
  // After round r the matrix holds the shortest paths whose intermediates are < r * B; finished: all of them.
  const int inner_end = m_cursor.finished ? m_n : m_cursor.round * m_options.block;
  derive_predecessors(m_initial, distances, inner_end, m_options.threads, out);
}

void solve_all(Solver& solver, const DistanceMatrix& initial) {
  solver.reset(initial);
  solver.step(Granularity::ToEnd);
}

}  // namespace apsp
