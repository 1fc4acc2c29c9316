// cuda-tuned on several GPUs of one host.
//
// Layout. The device matrix (side x side, side = n padded to the block, then to cuda-tuned's 128-row x
// 128-word tiles) is split into bands of whole 128-row units (band_split.h), one per GPU. A band holds its
// rows of every column; a pivot block row always lies inside one band (128 is a multiple of every block
// size), whose GPU "owns" that round. Besides its band a GPU holds two pivot row panels (block x side, by
// round parity), two transposed column panels (block x band rows) and a one-row buffer for k-steps: never
// the whole matrix. load() refuses (OutOfMemoryError with the sizes) before allocating when a band does
// not fit.
//
// One round r (pivot rows [p0, p0 + B), owner o, panel set s = r & 1):
//   o:    phase 1 on its pivot block; the pivot row panel (cuda-tuned's phase-2 row kernel) into panel[s]
//   all:  broadcast of panel[s] (B x side elements) from o: NCCL or peer copies (band_comm.cuh)
//   all:  the column panel of its own rows (phase-2 column kernel, pivot block taken from panel[s])
//   all:  phase 3 on its band (min-plus of its column panel and panel[s])
// The single-GPU kernels run unchanged on a band: phase 3 and the column panel only see band-local rows;
// two views shift coordinates so that the kernels' single p0 argument addresses the right cells (see
// pivot_columns_view and global_rows_view).
//
// Streams per GPU: main (phase 3), aux (high priority: phases 1 and 2 and the look-ahead strips) and comm
// (high priority: broadcasts, so that a broadcast's kernel or copy is not queued behind a phase-3 grid).
// Look-ahead (APSP_CUDA_LOOKAHEAD=0 turns it off; phase 3 is the band round driver's, tuned_round.cuh): in
// phase 3 of round r every GPU first computes, on aux, the tile column holding the next pivot's columns and,
// on the next owner, the tile row holding the next pivot's rows; main runs the rest. So the next owner's
// phases 1 and 2 and the broadcast of the next row panel overlap the bulk of phase 3 everywhere. Ordering (all
// by events, never by the host; the names are BandStreams' in band_streams.cuh):
//   - aux waits main's latest work when main did something aux has not seen (load, k-steps, a phase 3
//     without look-ahead): aux_after_main();
//   - the strips of round r wait for main's phase-3 rest of round r - 1 (rest_done), which wrote them;
//   - main's phase 3 of round r waits for aux (phase 2 of round r, and through it the broadcast);
//   - comm waits for aux just before each broadcast: on the owner the row panel is done; on every GPU the
//     reads of the panel set being overwritten (round r - 2: aux's strips waited for main's rest of r - 2,
//     and aux itself is in order);
//   - aux waits for comm before the column panel (the panel has arrived) and, on the owner, before the row
//     panel (the previous broadcast of that buffer has finished reading it).
// Panel sets alternate by round parity so that phase 2 of round r + 1 never overwrites what phase 3 of
// round r still reads. Every state the step API can observe is complete: reads wait for all streams.
//
// k-steps (a phase stepped one k at a time; the last k of a phase runs the phase kernels, which are
// idempotent on partial results as in the single-GPU solver) run on main: row k is broadcast from its owner
// into every GPU's row buffer, then each GPU relaxes the cells of the phase's region in its band.
//
// Profile: per (round, phase, device) CUDA-event samples (phase 1 on the owner; phase 2 per GPU, the owner's
// including its row panel; phase 3 per GPU, main stream only, so with look-ahead the strips are not in it),
// and one Comm sample per GPU per broadcast: the time on that GPU's comm stream from when it was ready to
// receive (or send) to the end of its part, which includes waiting for the owner; bytes = the payload.
// Modeled bytes and updates per GPU: solve/round_model.h restricted to the GPU's rows (its BandShare).
//
// One process per GPU (options.process_group): the layout stays global (world bands); this process holds
// band `rank` on device `local_rank` and talks to the others over one NCCL rank communicator. Every rank
// runs the same step loop, so every rank issues the same collectives in the same order; work on a band this
// process does not hold is skipped. The ranks must also stop at the same round on a negative cycle: each
// round's diagonal flag is all-reduced (max) on the comm stream one round late (the next round's broadcast
// already waits for what that reduction waits for), and after round r every rank decides from round r - 2's
// agreed flag, waiting for it if needed (the host stays at most two rounds ahead of the GPUs; the one-process
// path keeps its unsynchronized check). Reads serve only this rank's rows.
#include <apsp/core/errors.h>
#include <apsp/device/process_group.h>
#include <apsp/solve/block_size.h>
#include <apsp/solve/multi_gpu_bands.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "device/band_build.cuh"
#include "device/band_comm.cuh"
#include "solve/cuda/band_streams.cuh"
#include <apsp/device/check.cuh>
#include <apsp/device/stream.cuh>
#include "solve/cuda/cuda_solver.h"
#include "device/buffer.cuh"
#include "device/device_guard.cuh"
#include "device/nvtx_range.h"
#include "solve/cuda/event_ring.cuh"
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/live_view_tiles.cuh"
#include "solve/cuda/multi_gpu_kernels.cuh"
#include "solve/cuda/multi_gpu_solver.h"
#include "solve/cuda/tuned_round.cuh"
#include "solve/round_model.h"

// multi_gpu_row_bands() (public, host-only) repeats this solver's layout for displays: keep them in step.
static_assert(apsp::detail::kMultiGpuTileRows == apsp::cuda::kTunedTileRows &&
              apsp::detail::kMultiGpuTileWords == apsp::cuda::kTunedTileWords);

namespace apsp::cuda {

namespace {

constexpr const char* kName = "cuda-tuned";

CommPath choose_comm(const MultiGpuConfig& config) {
  std::string want = config.comm;
  if (want.empty()) {
    const char* env = std::getenv("APSP_MULTI_GPU_COMM");
    if (env) want = env;
  }
  if (want == "nccl") return CommPath::Nccl;
  if (want == "peer") return CommPath::Peer;
  if (!want.empty()) throw UsageError("APSP_MULTI_GPU_COMM: '" + want + "' is not nccl or peer");
  std::vector<int> sorted = config.devices;
  std::sort(sorted.begin(), sorted.end());
  const bool distinct = std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
  return nccl_compiled() && distinct ? CommPath::Nccl : CommPath::Peer;
}

struct Layout {
  int side = 0;
  std::vector<Band> bands;
};

Layout plan_layout(int n, int block, std::size_t elem_bytes, std::size_t parts) {
  Layout l;
  if (n <= 0) return l;
  const int padded = (n + block - 1) / block * block;
  l.side = round_model::tuned_device_side(padded, elem_bytes);  // whole 128-row x 128-word phase-3 tiles
  l.bands = split_bands(l.side, band_unit(block, kTunedTileRows), static_cast<int>(parts));
  return l;
}

/// Checks the bands this process holds: band first_band + i on devices[i].
void check_memory(const Layout& l, int n, const SolverOptions& options, const std::vector<int>& devices,
                  int first_band) {
  const std::size_t e = element_bytes(options.dtype);
  std::map<int, std::uint64_t> per_device;  // bands sharing a GPU (tests) add up
  std::map<int, std::string> what;
  for (std::size_t i = 0; i < devices.size(); ++i) {
    const std::size_t b = static_cast<std::size_t>(first_band) + i;
    const Band& band = l.bands[b];
    per_device[devices[i]] += band_memory(band, l.side, options.block, e).total();
    what[devices[i]] += (what[devices[i]].empty() ? "" : ", ") + std::string("band ") + std::to_string(b) + " (rows " +
                        std::to_string(band.row_begin) + ".." + std::to_string(band.row_end) + ")";
  }
  CurrentDeviceGuard guard;
  for (const auto& [device, bytes] : per_device) {
    APSP_CUDA_CHECK(cudaSetDevice(device));
    require_device_memory(std::string(kName) + " on " + std::to_string(l.bands.size()) + " GPUs needs " + what[device] +
                              " of the " + std::to_string(n) + " x " + std::to_string(n) + " matrix (" +
                              std::string(to_string(options.dtype)) + ", device side " + std::to_string(l.side) +
                              ", block " + std::to_string(options.block) + ") on GPU " + std::to_string(device),
                          bytes);
  }
}

void validate(const SolverOptions& options, const MultiGpuConfig& config) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    (void)cudaGetLastError();
    throw UnavailableError(std::string(kName) + ": no CUDA device");
  }
  require_block_size(kName, supported_blocks(Variant::Tuned), options.block);
  if (const ProcessGroup* g = options.process_group.get(); g && g->multi_process()) {
    if (options.gpus != 1)
      throw UsageError(std::string(kName) + ": one process per GPU uses one GPU per rank, not --gpus " +
                       std::to_string(options.gpus));
    if (g->rank < 0 || g->rank >= g->world)
      throw UsageError(std::string(kName) + ": rank " + std::to_string(g->rank) + " is outside 0.." +
                       std::to_string(g->world - 1) + " (from " + g->launcher + ")");
  }
  if (config.devices.empty()) throw UsageError(std::string(kName) + ": --gpus must be at least 1");
  for (int d : config.devices) {
    if (d < 0 || d >= count)
      throw UnavailableError(std::string(kName) + " --gpus " + std::to_string(config.devices.size()) +
                             ": needs device " + std::to_string(d) + ", but " + std::to_string(count) + " CUDA device" +
                             (count == 1 ? " is" : "s are") + " visible");
  }
}

class MultiGpuSolverBase : public Solver {
 public:
  using Solver::Solver;
  virtual CommPath comm_path() const = 0;
  virtual std::vector<Band> bands() const = 0;
};

template <class T>
class MultiGpuSolver final : public MultiGpuSolverBase {
 public:
  MultiGpuSolver(const SolverOptions& options, const MultiGpuConfig& config)
      : MultiGpuSolverBase(options), m_devices(config.devices) {
    CurrentDeviceGuard guard;
    m_lookahead = round_model::lookahead_enabled();
    const ProcessGroup* group = options.process_group.get();
    m_multi_process = group && group->multi_process();
    m_parts = m_multi_process ? group->world : static_cast<int>(m_devices.size());
    m_first_band = m_multi_process ? group->rank : 0;
    const CommPath path = m_multi_process ? CommPath::Nccl : choose_comm(config);
    for (std::size_t i = 0; i < m_devices.size(); ++i) {
      APSP_CUDA_CHECK(cudaSetDevice(m_devices[i]));
      auto b = std::make_unique<BandState>();
      b->device = m_devices[i];
      b->index = m_first_band + static_cast<int>(i);
      b->streams = BandStreams::create(/*with_comm=*/true);
      b->flags = MappedFlags(1);
      for (auto& e : b->staged) e = Event::create();
      if (m_multi_process) {
        b->agreed_flag = DeviceBuffer::allocate(sizeof(int));
        for (auto& e : b->agreed_done) e = Event::create();
      }
      m_bands.push_back(std::move(b));
    }
    if (m_multi_process) {
      APSP_CUDA_CHECK(cudaSetDevice(m_devices.front()));
      m_comm = make_nccl_rank_comm(*group);
    } else {
      m_comm = path == CommPath::Nccl ? make_nccl_comm(m_devices) : make_peer_comm(m_devices);
    }
  }

  ~MultiGpuSolver() override {
    // Kernels and broadcasts must not outlive the buffers or the communicators; each band's handles are
    // released with its device current.
    CurrentDeviceGuard guard;
    for (auto& b : m_bands) {
      if (cudaSetDevice(b->device) != cudaSuccess) continue;
      b->streams.drain();
    }
    m_comm.reset();
    for (auto& b : m_bands) {
      (void)cudaSetDevice(b->device);
      b.reset();
    }
    (void)cudaGetLastError();
  }

  std::string_view name() const override { return kName; }
  bool blocked() const override { return true; }
  CommPath comm_path() const override { return m_comm->path(); }
  std::vector<Band> bands() const override { return m_layout.bands; }

  void collect_timings(bool wait) override {
    if (wait) synchronize();
    CurrentDeviceGuard guard;
    for (auto& b : m_bands) {
      use(*b);
      b->ring.collect(false, [this](const PhaseSample& s) { record(s); });
    }
  }

  void synchronize() override {
    CurrentDeviceGuard guard;
    for (auto& b : m_bands) {
      use(*b);
      b->streams.synchronize();
    }
  }

  /// One band per GPU of this process (every band in one process; this rank's in a multi-process solve), in
  /// row order; rows counts the real rows below n.
  Storage storage() const override {
    Storage st;
    st.n = m_n;
    st.dtype = options().dtype;
    for (const auto& bp : m_bands) {
      StorageBand band;
      band.device = bp->device;
      band.data = bp->matrix.data();
      band.pitch_bytes = bp->matrix.pitch_bytes();
      band.row_begin = bp->band.row_begin;
      band.rows = real_rows(bp->band, m_n);
      band.stream = bp->streams.main();
      band.live_tiles = bp->live.data();
      st.bands.push_back(band);
      if (band.live_tiles) st.live_view = bp->live.geometry();
    }
    return st;
  }

  /// Every band with real rows keeps the minima of the texel rows meeting them (gathered as the separately
  /// reduced tiles are); all or none.
  bool track_view(const ViewGeometry* geometry) override {
    CurrentDeviceGuard guard;
    const bool usable = geometry && m_n > 0 && geometry->n == m_n && !range_policy().negative_weights;
    bool all = usable;
    for (auto& bp : m_bands) {
      use(*bp);
      const int rows = real_rows(bp->band, m_n);
      if (rows == 0) {
        bp->live.track(nullptr, 0, 0, 1);
        continue;
      }
      all = bp->live.track(usable ? geometry : nullptr, bp->band.row_begin, rows, static_cast<int>(4 / sizeof(T))) && all;
    }
    if (!all)
      for (auto& bp : m_bands) {
        use(*bp);
        bp->live.track(nullptr, 0, 0, 1);
      }
    return all;
  }

  void invalidate_live_views() {
    for (auto& bp : m_bands) bp->live.invalidate();
  }

  /// Main of every band with real rows after everything issued on that GPU; main is marked dirty, so later
  /// phase work on aux waits for the reads enqueued there.
  Storage storage_for_reads_async() override {
    CurrentDeviceGuard guard;
    for (auto& bp : m_bands) {
      if (real_rows(bp->band, m_n) == 0) continue;
      use(*bp);
      bp->streams.join_to_main();
      bp->streams.main_written();
      bp->live.template refresh_async<T>(static_cast<const T*>(bp->matrix.data()), bp->matrix.pitch_bytes() / sizeof(T),
                                bp->streams.main());
    }
    return storage();
  }

 protected:
  bool builds_on_device() const override { return true; }

  /// Each GPU builds its band from the whole edge list (edges outside the band are skipped): the uploads
  /// (synchronous, through pinned staging) one GPU after the other, then every build enqueued before any wait.
  void load_edges(const Graph& graph, LoadTimes& times) override {
    CurrentDeviceGuard guard;
    const int block = options().block;
    prepare(graph.n, (graph.n + block - 1) / block * block);
    if (m_n == 0) return;
    struct Build {
      DeviceEdges edges;
      Event start, uploaded, built;
    };
    std::vector<Build> builds(m_bands.size());
    for (std::size_t i = 0; i < m_bands.size(); ++i) {
      BandState& b = *m_bands[i];
      Build& w = builds[i];
      if (b.band.empty()) continue;
      use(b);
      cudaStream_t s = b.streams.main();
      w.start = Event::create_timed();
      w.uploaded = Event::create_timed();
      w.built = Event::create_timed();
      const int start = b.ring.record(s);
      APSP_CUDA_CHECK(cudaEventRecord(w.start.get(), s));
      w.edges = DeviceEdges::upload(graph, s);
      APSP_CUDA_CHECK(cudaEventRecord(w.uploaded.get(), s));
      PhaseSample sample = make_sample(b, -1, Phase::Upload);
      sample.bytes = w.edges.bytes();
      b.ring.add(sample, start, b.ring.record(s));
      build_band_from_edges_async<T>(band_view(b), b.band.row_begin, w.edges.data(), w.edges.size(), s);
      APSP_CUDA_CHECK(cudaEventRecord(w.built.get(), s));
      b.streams.main_written();
      times.upload_bytes += w.edges.bytes();
    }
    for (std::size_t i = 0; i < m_bands.size(); ++i) {
      const Build& w = builds[i];
      if (m_bands[i]->band.empty()) continue;
      use(*m_bands[i]);
      APSP_CUDA_CHECK(cudaEventSynchronize(w.built.get()));
      float upload = 0, build = 0;
      APSP_CUDA_CHECK(cudaEventElapsedTime(&upload, w.start.get(), w.uploaded.get()));
      APSP_CUDA_CHECK(cudaEventElapsedTime(&build, w.uploaded.get(), w.built.get()));
      times.upload_ms = std::max(times.upload_ms, static_cast<double>(upload));
      times.build_ms = std::max(times.build_ms, static_cast<double>(build));
    }
  }

  void load(const DistanceMatrix& padded) override {
    CurrentDeviceGuard guard;
    prepare(padded.n(), padded.padded_n());
    if (m_n == 0) return;
    for (auto& bp : m_bands) {
      BandState& b = *bp;
      use(b);
      if (b.band.empty()) continue;
      cudaStream_t s = b.streams.main();
      const int start = b.ring.record(s);
      if (m_layout.side > m_padded) fill_band_identity_async<T>(band_view(b), b.band.row_begin, s);
      const int rows = std::max(0, std::min(b.band.row_end, m_padded) - b.band.row_begin);
      if (rows > 0)
        APSP_CUDA_CHECK(cudaMemcpy2DAsync(b.matrix.data(), b.matrix.pitch_bytes(), padded.row<T>(b.band.row_begin),
                                          padded.pitch_bytes(), static_cast<std::size_t>(m_padded) * sizeof(T),
                                          static_cast<std::size_t>(rows), cudaMemcpyHostToDevice, s));
      PhaseSample sample = make_sample(b, -1, Phase::Upload);
      sample.bytes = static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(m_padded) * sizeof(T);
      b.ring.add(sample, start, b.ring.record(s));
      b.streams.main_written();
    }
  }

  /// Everything a new matrix of @p n (@p padded: n padded to the block) needs before its values arrive: idle
  /// devices, cleared flags and samples, the layout and the band buffers (reallocated when the layout changes).
  void prepare(int n, int padded) {
    synchronize();
    for (auto& b : m_bands) {
      use(*b);
      b->ring.clear();
      b->flags.clear();
      b->streams.clear();
      b->ring.set_reference(b->streams.main());  // every device idle: their time axes start together
      b->live.invalidate();                      // a new matrix: the next read seeds the live minima again
    }
    // The geometry was for another n, or the new weights are negative (see CudaSolver::track_view).
    if (n != m_n || padded != m_padded || range_policy().negative_weights) (void)track_view(nullptr);
    m_n = n;
    m_padded = padded;
    m_agreements.clear();
    m_last_round_checked = -1;
    if (m_n == 0) return;
    const int block = options().block;
    const Layout layout = plan_layout(m_n, block, sizeof(T), static_cast<std::size_t>(m_parts));
    if (layout.side != m_layout.side || layout.bands != m_layout.bands) {
      m_layout = Layout{};
      for (auto& b : m_bands) {
        use(*b);
        b->matrix = DeviceMatrix();
        b->k_row = DeviceMatrix();
        for (int p = 0; p < 2; ++p) b->row_panel[p] = DeviceMatrix(), b->col_t[p] = DeviceMatrix();
      }
      check_memory(layout, m_n, options(), m_devices, m_first_band);  // every GPU, before allocating on any
      for (std::size_t i = 0; i < m_bands.size(); ++i) {
        BandState& b = *m_bands[i];
        use(b);
        b.band = layout.bands[static_cast<std::size_t>(b.index)];
        const std::string what = std::string(kName) + " band " + std::to_string(b.index);
        b.matrix = DeviceMatrix(b.band.rows(), layout.side, sizeof(T), what + " rows");
        // One-row allocations are linear: the panel is block rows of exactly side elements on every GPU,
        // so a broadcast moves one contiguous buffer.
        for (int p = 0; p < 2; ++p) {
          b.row_panel[p] = DeviceMatrix(1, block * layout.side, sizeof(T), what + " pivot row panel");
          b.col_t[p] = DeviceMatrix(block, b.band.rows(), 4, what + " column panel");
        }
        b.k_row = DeviceMatrix(1, layout.side, sizeof(T), what + " row buffer");
      }
      m_layout = layout;
    }
    if (m_multi_process) {
      const int rounds = (m_n + block - 1) / block;
      for (auto& bp : m_bands) {
        if (bp->agreed_rounds >= rounds) continue;
        bp->agreed = PinnedBuffer::allocate(static_cast<std::size_t>(rounds) * sizeof(int));
        bp->agreed_rounds = rounds;
      }
    }
  }

  void run_phase(int round, Phase phase, int k_begin, int k_end) override {
    if (m_n == 0 || k_end <= k_begin) return;
    CurrentDeviceGuard guard;
    const int block = options().block;
    const int p0 = round * block;
    const int pb = std::min(block, m_n - p0);
    const int owner = band_of_row(m_layout.bands, p0);
    const NvtxPhaseRange nvtx(round, label(phase), k_begin, k_end, k_begin == 0 && k_end >= pb);
    if (k_end < pb) {
      run_k_steps(round, phase, k_begin, k_end, owner);
    } else {
      switch (phase) {
        case Phase::Pivot:
          run_pivot(round, owner, k_end - k_begin);
          break;
        case Phase::PivotRowCol:
          run_rowcol(round, owner, k_end - k_begin);
          break;
        default:
          run_independent(round, k_end - k_begin);
          break;
      }
    }
    for (auto& b : m_bands)  // keep the event backlog bounded when nobody collects (a long ToEnd)
      if (b->ring.pending() > 4096) {
        collect_timings(false);
        break;
      }
  }

  bool negative_diagonal(bool wait) override {
    if (m_multi_process) return agreed_negative_diagonal(wait);
    if (wait) synchronize();
    bool negative = false;
    for (auto& b : m_bands) negative = negative || b->flags.host()[0] != 0;
    if (negative) invalidate_live_views();  // phase 2's floor may have raised cells
    return negative;
  }

  void read_raw(DistanceMatrix& out) override {
    if (m_n == 0) return;
    if (m_multi_process) require_local_rows(0, m_n);
    CurrentDeviceGuard guard;
    for (auto& bp : m_bands) {
      BandState& b = *bp;
      const int rows = real_rows(b.band, m_n);
      if (rows == 0) continue;
      use(b);
      b.streams.join_to_main();
      cudaStream_t s = b.streams.main();
      const int start = b.ring.record(s);
      APSP_CUDA_CHECK(cudaMemcpy2DAsync(out.row<T>(b.band.row_begin), out.pitch_bytes(), b.matrix.data(),
                                        b.matrix.pitch_bytes(), static_cast<std::size_t>(m_n) * sizeof(T),
                                        static_cast<std::size_t>(rows), cudaMemcpyDeviceToHost, s));
      PhaseSample sample = make_sample(b, -1, Phase::Download);
      sample.bytes = static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(m_n) * sizeof(T);
      b.ring.add(sample, start, b.ring.record(s));
    }
    synchronize();
  }

  /// Rows through page-locked staging, chunk by chunk: one chunk copied into @p dst while the next comes down.
  void read_raw_rows(int row_begin, int rows, void* dst, std::size_t pitch_bytes) override {
    if (rows <= 0) return;
    require_local_rows(row_begin, rows);
    CurrentDeviceGuard guard;
    const std::size_t row_bytes = static_cast<std::size_t>(m_n) * sizeof(T);
    for (auto& bp : m_bands) {
      BandState& b = *bp;
      const int lo = std::max(row_begin, b.band.row_begin);
      const int hi = std::min(row_begin + rows, b.band.row_begin + real_rows(b.band, m_n));
      if (lo >= hi) continue;
      use(b);
      b.streams.join_to_main();
      cudaStream_t s = b.streams.main();
      constexpr std::size_t kChunkBytes = std::size_t{32} << 20;
      const int chunk_rows = static_cast<int>(std::max<std::size_t>(1, kChunkBytes / row_bytes));
      const std::size_t bytes = static_cast<std::size_t>(std::min(chunk_rows, hi - lo)) * row_bytes;
      if (b.staging_bytes < bytes) {
        for (auto& buffer : b.staging) buffer = PinnedBuffer::allocate(bytes);
        b.staging_bytes = bytes;
      }
      const int start = b.ring.record(s);
      auto enqueue = [&](int first, int slot) {
        const int count = std::min(chunk_rows, hi - first);
        APSP_CUDA_CHECK(cudaMemcpy2DAsync(b.staging[slot].get(), row_bytes, band_view(b).row(first - b.band.row_begin),
                                          b.matrix.pitch_bytes(), row_bytes, static_cast<std::size_t>(count),
                                          cudaMemcpyDeviceToHost, s));
        APSP_CUDA_CHECK(cudaEventRecord(b.staged[slot].get(), s));
      };
      enqueue(lo, 0);
      for (int first = lo, slot = 0; first < hi; first += chunk_rows, slot ^= 1) {
        if (first + chunk_rows < hi) enqueue(first + chunk_rows, slot ^ 1);  // its buffer was emptied last turn
        APSP_CUDA_CHECK(cudaEventSynchronize(b.staged[slot].get()));
        const int count = std::min(chunk_rows, hi - first);
        for (int r = 0; r < count; ++r)
          std::memcpy(static_cast<char*>(dst) + static_cast<std::size_t>(first - row_begin + r) * pitch_bytes,
                      static_cast<const char*>(b.staging[slot].get()) + static_cast<std::size_t>(r) * row_bytes, row_bytes);
      }
      PhaseSample sample = make_sample(b, -1, Phase::Download);
      sample.bytes = static_cast<std::uint64_t>(hi - lo) * row_bytes;
      b.ring.add(sample, start, b.ring.record(s));
    }
  }

  std::int32_t raw_value_at(int i, int j) override {
    if (m_multi_process) require_local_rows(i, 1);
    CurrentDeviceGuard guard;
    BandState& b = *local_band(band_of_row(m_layout.bands, i));
    use(b);
    b.streams.join_to_main();
    T v{};
    APSP_CUDA_CHECK(cudaMemcpyAsync(&v, band_view(b).row(i - b.band.row_begin) + j, sizeof(T), cudaMemcpyDeviceToHost,
                                    b.streams.main()));
    APSP_CUDA_CHECK(cudaStreamSynchronize(b.streams.main()));
    return v;
  }

 private:
  struct BandState {
    int device = 0;
    int index = 0;  ///< band number in the global layout (the NCCL rank in a multi-process solve)
    Band band;
    BandStreams streams;  ///< main (phase 3, k-steps, copies), aux (phases 1 and 2, look-ahead strips), comm
    MappedFlags flags;  ///< [0]: a diagonal entry of this band went negative
    EventRing ring;
    DeviceMatrix matrix;        ///< band.rows() x side
    DeviceMatrix row_panel[2];  ///< pivot row panel, block x side elements in one linear row (by round parity)
    DeviceMatrix col_t[2];      ///< transposed column panel: block x band rows, 32-bit words
    DeviceMatrix k_row;         ///< row k for k-steps
    LiveViewTiles live;         ///< the tracked view's minima of this band's texel rows (track_view)
    // Multi-process only: the negative-diagonal flag agreed by every rank (see the file comment).
    DeviceBuffer agreed_flag;  ///< one int32: the all-reduced flag
    PinnedBuffer agreed;       ///< per round: the agreed flag after that round (rounds() ints)
    Event agreed_done[3];      ///< by agreement count: recorded after its copy to `agreed`
    int agreed_rounds = 0;     ///< capacity of `agreed`
    // read_raw_rows: page-locked staging, two chunks so one is copied out while the next comes down.
    PinnedBuffer staging[2];
    std::size_t staging_bytes = 0;
    Event staged[2];
  };

  void use(const BandState& b) const { APSP_CUDA_CHECK(cudaSetDevice(b.device)); }

  /// This process's state of global band @p index, or null when another process holds it.
  BandState* local_band(int index) const {
    const int i = index - m_first_band;
    return i >= 0 && i < static_cast<int>(m_bands.size()) ? m_bands[static_cast<std::size_t>(i)].get() : nullptr;
  }

  /// Throws UsageError unless this process holds rows [row_begin, row_begin + rows).
  void require_local_rows(int row_begin, int rows) const {
    const int lo = m_bands.front()->band.row_begin;
    const int hi = m_bands.back()->band.row_begin + real_rows(m_bands.back()->band, m_n);
    if (row_begin >= lo && row_begin + rows <= hi) return;
    throw UsageError(std::string(kName) + ": rank " + std::to_string(m_first_band) + " of " + std::to_string(m_parts) +
                     " holds rows " + std::to_string(lo) + ".." + std::to_string(hi) + " only, not " +
                     std::to_string(row_begin) + ".." + std::to_string(row_begin + rows) + " (read_rows of its own rows)");
  }

  /// Multi-process: enqueues the all-reduce of round @p round's diagonal flag on the comm stream (after that
  /// round's check on main) and its copy into agreed[round].
  void agree_on_flag(int round) {
    std::vector<int*> values;
    std::vector<cudaStream_t> streams;
    for (auto& bp : m_bands) {
      BandState& b = *bp;
      use(b);
      b.streams.comm_after_main();
      APSP_CUDA_CHECK(cudaMemcpyAsync(b.agreed_flag.get(), b.flags.device(), sizeof(int), cudaMemcpyDefault,
                                      b.streams.comm()));
      values.push_back(static_cast<int*>(b.agreed_flag.get()));
      streams.push_back(b.streams.comm());
    }
    m_comm->max_async(values, streams);
    const std::size_t slot = m_agreements.size() % 3;
    for (auto& bp : m_bands) {
      BandState& b = *bp;
      use(b);
      APSP_CUDA_CHECK(cudaMemcpyAsync(static_cast<int*>(b.agreed.get()) + round, b.agreed_flag.get(), sizeof(int),
                                      cudaMemcpyDeviceToHost, b.streams.comm()));
      APSP_CUDA_CHECK(cudaEventRecord(b.agreed_done[slot].get(), b.streams.comm()));
      b.streams.comm_written();
    }
    m_agreements.push_back(round);
  }

  /// Multi-process negative_diagonal: the same answer on every rank (see the file comment).
  bool agreed_negative_diagonal(bool wait) {
    CurrentDeviceGuard guard;
    if (wait && m_last_round_checked >= 0 &&
        (m_agreements.empty() || m_agreements.back() != m_last_round_checked))
      agree_on_flag(m_last_round_checked);
    if (m_agreements.empty() || (!wait && m_agreements.size() < 2)) return false;
    const std::size_t which = wait ? m_agreements.size() - 1 : m_agreements.size() - 2;
    const int round = m_agreements[which];
    BandState& b = *m_bands.front();
    use(b);
    if (wait)
      synchronize();
    else
      APSP_CUDA_CHECK(cudaEventSynchronize(b.agreed_done[which % 3].get()));
    const bool negative = static_cast<const int*>(b.agreed.get())[round] != 0;
    if (negative) invalidate_live_views();
    return negative;
  }

  MatrixView<T> band_view(const BandState& b) const { return b.matrix.template view<T>(); }

  /// The band with its columns shifted left by row_begin: passing p0 - row_begin as the kernels' p0 then
  /// names band row (p0 - row_begin) and matrix column p0 at once, which is what the phase-1 kernel and the
  /// phase-2 column kernel (its pivot-row test compares rows with p0) need on a band. Every address stays
  /// inside the allocation: the shift is less than a row and column indices go negative by at most it.
  MatrixView<T> pivot_columns_view(const BandState& b) const {
    const MatrixView<T> d = band_view(b);
    return {d.data + b.band.row_begin, d.pitch, d.rows, d.cols - b.band.row_begin};
  }

  /// The band addressed by global row numbers (its base row_begin rows before the allocation), for the
  /// phase-2 row kernel, which uses p0 both as the pivot rows and as the pivot columns and covers every
  /// column from 0. Only the owner's pivot rows, inside the band, are dereferenced; the base is formed with
  /// integer arithmetic, which wraps the same way the device's 64-bit address arithmetic does.
  MatrixView<T> global_rows_view(const BandState& b) const {
    const MatrixView<T> d = band_view(b);
    const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(d.data) -
                                static_cast<std::uintptr_t>(b.band.row_begin) * b.matrix.pitch_bytes();
    return {reinterpret_cast<T*>(base), d.pitch, b.band.row_end, d.cols};
  }

  /// Panel set @p set: the transposed column panel of this band and the pivot row panel (words).
  TunedPanels panels(const BandState& b, int set) const {
    const int words = m_layout.side * static_cast<int>(sizeof(T)) / 4;
    const MatrixView<std::uint32_t> row{static_cast<std::uint32_t*>(b.row_panel[set].data()),
                                        static_cast<std::size_t>(words), options().block, words};
    return TunedPanels{b.col_t[set].template view<std::uint32_t>(), row};
  }

  /// The closed pivot block as the owner holds it (its band) or as a receiver holds it (the row panel).
  MatrixView<const T> pivot_block(const BandState& b, int p0, bool owner, int set) const {
    const int block = options().block;
    if (owner) {
      const MatrixView<T> d = band_view(b);
      return {d.row(p0 - b.band.row_begin) + p0, d.pitch, block, block};
    }
    return {static_cast<const T*>(b.row_panel[set].data()) + p0, static_cast<std::size_t>(m_layout.side), block, block};
  }

  PhaseSample make_sample(const BandState& b, int round, Phase phase) const {
    PhaseSample s;
    s.round = round;
    s.phase = phase;
    s.device = b.device;
    return s;
  }

  /// Broadcasts @p bytes at @p src (on band @p root) into dst[b] on every band's comm stream, with one Comm
  /// sample per band. Each comm stream must already be ordered as BandComm::broadcast_async requires.
  void broadcast(int round, int root, const void* src, const std::vector<void*>& dst, std::size_t bytes,
                 std::uint64_t ks) {
    std::vector<cudaStream_t> streams;
    std::vector<int> starts;
    for (auto& b : m_bands) {
      use(*b);
      streams.push_back(b->streams.comm());
      starts.push_back(b->ring.record(b->streams.comm()));
    }
    m_comm->broadcast_async(root, src, dst, bytes, streams);
    for (std::size_t i = 0; i < m_bands.size(); ++i) {
      BandState& b = *m_bands[i];
      use(b);
      PhaseSample sample = make_sample(b, round, Phase::Comm);
      sample.track = Track::Comm;
      sample.bytes = bytes;
      sample.k_steps = ks;
      b.ring.add(sample, starts[i], b.ring.record(b.streams.comm()));
      b.streams.comm_written();
    }
  }

  // ---- phases ----------------------------------------------------------------------------------------------

  /// Rows of band @p b outside the pivot rows [p0, p0 + pb) and below n.
  int non_pivot_rows(const BandState& b, int p0, int pb) const {
    const int rows = real_rows(b.band, m_n);
    const int lo = std::max(b.band.row_begin, p0), hi = std::min(b.band.row_begin + rows, p0 + pb);
    return rows - std::max(0, hi - lo);
  }

  /// Band @p b's part of a round with pivot rows [p0, p0 + pb), for the round model.
  round_model::BandShare share(const BandState& b, int p0, int pb, bool owner) const {
    return {static_cast<std::uint64_t>(non_pivot_rows(b, p0, pb)), owner};
  }

  PhaseSample phase_sample(const BandState& b, int round, Phase phase, int pb, bool owner, int ks) const {
    PhaseSample sample = make_sample(b, round, phase);
    sample.k_steps = static_cast<std::uint64_t>(ks);
    sample.updates = round_model::phase_updates(phase, static_cast<std::uint64_t>(m_n), static_cast<std::uint64_t>(pb),
                                                share(b, round * options().block, pb, owner), sample.k_steps);
    return sample;
  }

  void run_pivot(int round, int owner, int ks) {
    const int block = options().block;
    const int p0 = round * block;
    const int pb = std::min(block, m_n - p0);
    BandState* owner_band = local_band(owner);
    if (!owner_band) return;  // another process's pivot block
    BandState& b = *owner_band;
    use(b);
    PhaseSample sample = phase_sample(b, round, Phase::Pivot, pb, true, ks);
    sample.bytes = round_model::pivot_bytes(static_cast<std::uint64_t>(block), sizeof(T));
    run_on_aux_async(b.streams, b.ring, sample, [&](cudaStream_t s) {
      pivot_async<T>(pivot_columns_view(b), block, p0 - b.band.row_begin, s);
      const MatrixView<T> d = band_view(b);
      b.live.template fold_async<T>(d.data, d.pitch, p0, p0 + block, p0, p0 + block, s);
    });
  }

  void run_rowcol(int round, int owner, int ks) {
    const int block = options().block;
    const int p0 = round * block;
    const int pb = std::min(block, m_n - p0);
    const int set = round & 1;
    const std::uint64_t e = sizeof(T), b64 = static_cast<std::uint64_t>(block);
    const std::uint64_t side = static_cast<std::uint64_t>(m_layout.side);
    std::vector<int> starts(m_bands.size());

    for (auto& bp : m_bands) {
      use(*bp);
      bp->streams.aux_after_main();
    }
    // The owner: pivot row panel into its panel[set] (the buffer the others receive).
    BandState* o = local_band(owner);
    if (o) {
      use(*o);
      o->streams.aux_after_comm();  // the last broadcast from this buffer has finished reading it
      starts[static_cast<std::size_t>(owner - m_first_band)] = o->ring.record(o->streams.aux());
      tuned_rowcol_async<T>(global_rows_view(*o), pivot_block(*o, p0, true, set), block, p0, /*row_panel=*/true, 0, 0,
                            panels(*o, set), o->streams.aux());
      o->live.template fold_async<T>(band_view(*o).data, band_view(*o).pitch, p0, p0 + block, 0, m_n,
                                     o->streams.aux());
      o->streams.aux_written();
    }

    std::vector<void*> dst;
    for (auto& bp : m_bands) {
      use(*bp);
      bp->streams.comm_after_aux();
      dst.push_back(bp->row_panel[set].data());
    }
    broadcast(round, owner, o ? o->row_panel[set].data() : nullptr, dst,
              static_cast<std::size_t>(block) * m_layout.side * sizeof(T), 0);

    for (std::size_t i = 0; i < m_bands.size(); ++i) {
      BandState& b = *m_bands[i];
      const bool is_owner = b.index == owner;
      use(b);
      if (!is_owner) {
        b.streams.aux_after_comm();             // the row panel has arrived
        if (b.band.empty()) continue;  // a GPU without rows only receives
        starts[i] = b.ring.record(b.streams.aux());
      }
      const MatrixView<T> shifted = pivot_columns_view(b);
      tuned_rowcol_async<T>(shifted, pivot_block(b, p0, is_owner, set), block, p0 - b.band.row_begin,
                            /*row_panel=*/false, 0, b.band.rows(), panels(b, set), b.streams.aux());
      b.live.template fold_async<T>(band_view(b).data, band_view(b).pitch, b.band.row_begin, b.band.row_end, p0, p0 + block,
                           b.streams.aux());
      // The band's column panel; the owner's sample includes its row panel.
      PhaseSample sample = phase_sample(b, round, Phase::PivotRowCol, pb, is_owner, ks);
      sample.track = Track::Aux;
      sample.bytes = round_model::tuned_rowcol_bytes(static_cast<std::uint64_t>(b.band.rows()), side, b64, e, is_owner);
      b.ring.add(sample, starts[i], b.ring.record(b.streams.aux()));
      b.streams.aux_written();
    }
  }

  void run_independent(int round, int ks) {
    const int block = options().block;
    const int p0 = round * block;
    const int pb = std::min(block, m_n - p0);
    const int set = round & 1;
    const int col_tiles = m_layout.side * static_cast<int>(sizeof(T)) / 4 / kTunedTileWords;
    const bool lookahead = m_lookahead && round + 1 < rounds();
    const int next = (round + 1) * block;
    const int next_owner = lookahead ? band_of_row(m_layout.bands, next) : -1;
    const std::uint64_t side = static_cast<std::uint64_t>(m_layout.side);

    // Multi-process: the previous round's flag, agreed on the comm stream behind this round's broadcast.
    if (m_multi_process && m_last_round_checked >= 0) agree_on_flag(m_last_round_checked);
    for (std::size_t i = 0; i < m_bands.size(); ++i) {
      BandState& b = *m_bands[i];
      if (b.band.empty()) continue;
      use(b);
      // The next pivot's strips: its tile column in every band, its tile row in the band that owns it.
      NextPivotTiles strips;
      strips.tile_row = b.index == next_owner ? (next - b.band.row_begin) / kTunedTileRows : -1;
      strips.tile_col = next / static_cast<int>(4 / sizeof(T)) / kTunedTileWords;
      PhaseSample sample = phase_sample(b, round, Phase::Independent, pb, false, ks);
      sample.bytes = round_model::tuned_independent_bytes(static_cast<std::uint64_t>(b.band.rows()), side,
                                                          static_cast<std::uint64_t>(block), sizeof(T));
      run_tuned_independent_async<T>(b.streams, b.ring, band_view(b), block, panels(b, set),
                                     b.band.rows() / kTunedTileRows, col_tiles, lookahead ? &strips : nullptr, sample,
                                     b.live.texels());
      check_diagonal(b);
    }
    m_last_round_checked = round;
  }

  /// After a round's phase 3 on main (with look-ahead, the strips may still be running: a negative entry
  /// there is seen one round later, or by the final check after a full synchronization).
  void check_diagonal(BandState& b) {
    const MatrixView<T> d = band_view(b);
    diagonal_check_async<T>(MatrixView<const T>{d.data, d.pitch, d.rows, d.cols}, real_rows(b.band, m_n),
                            b.band.row_begin, b.flags.device(), b.streams.main());
  }

  void run_k_steps(int round, Phase phase, int k_begin, int k_end, int owner) {
    const int block = options().block;
    const int p0 = round * block;
    const int pb = std::min(block, m_n - p0);
    const std::uint64_t e = sizeof(T);
    invalidate_live_views();  // k-steps do not fold what they write
    for (auto& bp : m_bands) {
      use(*bp);
      bp->streams.join_to_main();
    }
    BandState* owner_band = local_band(owner);  // null: another process holds row k
    for (int kk = k_begin; kk < k_end; ++kk) {
      const int k = p0 + kk;
      if (phase == Phase::Pivot) {
        if (!owner_band) continue;  // only the owner's pivot block changes
        BandState& o = *owner_band;
        use(o);
        const int start = o.ring.record(o.streams.main());
        band_relax_k_async<T>(band_view(o), o.band.row_begin, m_n, band_view(o).row(k - o.band.row_begin), k, phase, p0,
                              p0 + block, o.streams.main());
        PhaseSample sample = phase_sample(o, round, phase, pb, true, 1);
        sample.bytes = round_model::k_step_bytes(sample.updates, e);
        o.ring.add(sample, start, o.ring.record(o.streams.main()));
        o.streams.main_written();
        continue;
      }
      // Row k as it stands after the earlier k-steps, from its owner to every GPU's row buffer.
      std::vector<void*> dst;
      for (auto& bp : m_bands) {
        use(*bp);
        bp->streams.comm_after_main();
        dst.push_back(bp->k_row.data());
      }
      broadcast(round, owner, owner_band ? band_view(*owner_band).row(k - owner_band->band.row_begin) : nullptr, dst,
                static_cast<std::size_t>(m_layout.side) * e, 1);
      for (auto& bp : m_bands) {
        BandState& b = *bp;
        use(b);
        b.streams.main_after_comm();
        if (b.band.empty()) continue;
        const int start = b.ring.record(b.streams.main());
        band_relax_k_async<T>(band_view(b), b.band.row_begin, m_n, static_cast<const T*>(b.k_row.data()), k, phase, p0,
                              p0 + block, b.streams.main());
        PhaseSample sample = phase_sample(b, round, phase, pb, &b == owner_band, 1);
        sample.bytes = round_model::k_step_bytes(sample.updates, e);
        b.ring.add(sample, start, b.ring.record(b.streams.main()));
        b.streams.main_written();
      }
    }
  }

  std::vector<int> m_devices;  ///< this process's bands' devices
  bool m_multi_process = false;
  int m_parts = 1;       ///< bands in the layout (world ranks, or devices in one process)
  int m_first_band = 0;  ///< the global number of m_bands[0]
  std::vector<int> m_agreements;  ///< multi-process: the rounds whose flags were all-reduced, in issue order
  int m_last_round_checked = -1;  ///< the last round whose diagonal check was enqueued since the load
  bool m_lookahead = true;
  int m_n = 0;
  int m_padded = 0;  ///< n padded to the block (the host layout)
  Layout m_layout;
  std::vector<std::unique_ptr<BandState>> m_bands;
  std::unique_ptr<BandComm> m_comm;
};

const MultiGpuSolverBase* as_multi(const Solver& solver) { return dynamic_cast<const MultiGpuSolverBase*>(&solver); }

}  // namespace

MultiGpuConfig default_multi_gpu_config(int gpus) {
  MultiGpuConfig c;
  for (int d = 0; d < gpus; ++d) c.devices.push_back(d);
  return c;
}

std::unique_ptr<Solver> make_multi_gpu_solver(const SolverOptions& options) {
  if (options.gpus < 1)
    throw UsageError(std::string(kName) + ": --gpus must be at least 1, got " + std::to_string(options.gpus));
  if (const ProcessGroup* g = options.process_group.get(); g && g->multi_process())
    return make_multi_gpu_solver(options, MultiGpuConfig{{g->local_rank}, "nccl"});
  return make_multi_gpu_solver(options, default_multi_gpu_config(options.gpus));
}

std::unique_ptr<Solver> make_multi_gpu_solver(const SolverOptions& options, const MultiGpuConfig& config) {
  validate(options, config);
  if (options.dtype == DType::I16) return std::make_unique<MultiGpuSolver<std::int16_t>>(options, config);
  return std::make_unique<MultiGpuSolver<std::int32_t>>(options, config);
}

std::string multi_gpu_comm_of(const Solver& solver) {
  const MultiGpuSolverBase* m = as_multi(solver);
  return m ? std::string(to_string(m->comm_path())) : std::string();
}

std::vector<Band> multi_gpu_bands_of(const Solver& solver) {
  const MultiGpuSolverBase* m = as_multi(solver);
  return m ? m->bands() : std::vector<Band>{};
}

void require_multi_gpu_memory(int n, const SolverOptions& options, const MultiGpuConfig& config) {
  validate(options, config);
  const ProcessGroup* g = options.process_group.get();
  const bool multi_process = g && g->multi_process();
  const Layout layout = plan_layout(n, options.block, element_bytes(options.dtype),
                                    multi_process ? static_cast<std::size_t>(g->world) : config.devices.size());
  check_memory(layout, n, options, config.devices, multi_process ? g->rank : 0);
}

}  // namespace apsp::cuda
