// The CUDA solvers. One class template per element type holds what every variant shares: the device matrix
// (it stays on the GPU between steps), the stream, the profile's event pairs, the negative-diagonal flag in
// mapped host memory, read-back and view tiles. A Variant decides which kernels a phase enqueues.
//
// Nothing here synchronizes except read(), value_at(), view_tiles(), synchronize(), collect_timings(true) and
// the final negative-diagonal check (Solver::step asks with wait = true once the last round is issued).
//
// Look-ahead (cuda-tuned; APSP_CUDA_LOOKAHEAD=0 turns it off): a second, high-priority stream runs phases 1
// and 2 and, of each phase 3, the tile row and tile column holding the next pivot block; the main stream runs
// the rest of phase 3, which touches neither. So phases 1 and 2 of round r + 1 overlap the bulk of phase 3 of
// round r. The panels are double-buffered by round parity so that phase 2 of round r + 1 never overwrites
// what phase 3 of round r reads. Every state the step API can observe is unchanged: reads wait for both
// streams. Per-phase event times then overlap; their sum exceeds the wall time.
//
// Modeled global-memory bytes per sample (e = element bytes, B = block, N = device matrix side, T = tiles):
//   k-step of any blocked variant, and every cuda-naive k: 2 * cells * e per k (each cell of the region read
//     and, at worst, written; row k / column k come from cache)
//   cuda-blocked  phase 1: 2 B^2 e                 (pivot block read + written once)
//                 phase 2: 2 (N/B - 1) * 3 B^2 e   (each row/column block: pivot + block read, block written)
//                 phase 3: (N/B - 1)^2 * 4 B^2 e   (each block: row block + column block + itself read, written)
//   cuda-tuned    phase 1: 2 B^2 e
//                 phase 2: row panel 3 B N e (read, write back, panel copy) + column panel 2 N B e + 4 N B
//                          (transposed 32-bit panel) + B^2 e per CTA (pivot)
//                 phase 3: 2 N^2 e (C read + written once) + per 128 x 128-word tile 2 * 128 * B * 4 (panels)
//   upload / download: the bytes copied.
#include "solve/cuda/cuda_check.cuh"
#include "solve/cuda/cuda_solver.h"
#include "solve/cuda/device_matrix.cuh"
#include "solve/cuda/event_ring.cuh"
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/multi_gpu_solver.h"
#include "view/cuda/view_tiles.cuh"

#include <apsp/core/errors.h>
#include <apsp/solve/block_size.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace apsp::cuda {

namespace {

std::string variant_name(Variant v) {
  switch (v) {
    case Variant::Naive: return "cuda-naive";
    case Variant::Blocked: return "cuda-blocked";
    default: return "cuda-tuned";
  }
}

int round_up(int v, int m) { return (v + m - 1) / m * m; }

template <class T> class CudaSolver final : public Solver {
 public:
  CudaSolver(Variant variant, const SolverOptions& options) : Solver(options), m_variant(variant), m_name(variant_name(variant)) {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
      (void)cudaGetLastError();
      throw UnavailableError(m_name + ": no CUDA device");
    }
    APSP_CUDA_CHECK(cudaGetDevice(&m_device));
    require_block_size(m_name, supported_blocks(variant), options.block);
    m_stream = Stream::create();
    m_aux = Stream::create(/*high_priority=*/true);
    m_handoff = SyncEvent::create();
    m_aux_done = SyncEvent::create();
    m_rest_done = SyncEvent::create();
    m_flags = MappedFlags(1);
    const char* env = std::getenv("APSP_CUDA_LOOKAHEAD");
    m_lookahead = variant == Variant::Tuned && !(env && std::string(env) == "0");
  }

  ~CudaSolver() override {
    // kernels must not outlive the buffers
    if (m_stream.get()) (void)cudaStreamSynchronize(m_stream.get());
    if (m_aux.get()) (void)cudaStreamSynchronize(m_aux.get());
  }

  std::string_view name() const override { return m_name; }
  bool blocked() const override { return m_variant != Variant::Naive; }

  void collect_timings(bool wait) override {
    if (wait) synchronize();  // two streams: the last sample issued is not necessarily the last to finish
    m_ring.collect(false, [this](const PhaseSample& s) { record(s); });
  }
  void synchronize() override {
    APSP_CUDA_CHECK(cudaStreamSynchronize(m_stream.get()));
    APSP_CUDA_CHECK(cudaStreamSynchronize(m_aux.get()));
  }

  DeviceMatrixRef device_matrix() const override {
    // Consumers order their reads after the main stream only: make it wait for the look-ahead stream too,
    // and the look-ahead stream's next phases 1 and 2 (which rewrite the pivot strips) wait for those reads.
    auto* self = const_cast<CudaSolver*>(this);
    self->aux_to_main();
    self->m_main_dirty = true;
    DeviceMatrixRef ref;
    ref.data = m_d.data();
    ref.pitch_bytes = m_d.pitch_bytes();
    ref.n = m_n;
    ref.dtype = options().dtype;
    ref.device = m_device;
    ref.stream = m_stream.get();
    return ref;
  }

 protected:
  void load(const DistanceMatrix& padded) override {
    APSP_CUDA_CHECK(cudaSetDevice(m_device));
    synchronize();
    m_ring.clear();
    m_flags.clear();
    m_main_dirty = m_aux_dirty = m_rest_pending = false;
    m_n = padded.n();
    m_padded = padded.padded_n();
    const int block = options().block;
    // cuda-tuned's phase 3 works on whole 128-row x 128-word tiles: pad further with isolated vertices.
    m_side = m_variant == Variant::Tuned ? round_up(m_padded, kTunedTileWords * static_cast<int>(4 / sizeof(T))) : m_padded;
    if (m_n == 0) return;
    const std::uint64_t matrix_bytes = DeviceMatrix::estimate_bytes(m_side, m_side, sizeof(T));
    const int panel_sets = m_variant != Variant::Tuned ? 0 : m_lookahead ? 2 : 1;
    const std::uint64_t panel_bytes = panel_sets * (DeviceMatrix::estimate_bytes(block, m_side, 4) +
                                                    DeviceMatrix::estimate_bytes(block, m_side, sizeof(T)));
    if (m_d.rows() != m_side || m_d.cols() != m_side) {
      m_d = DeviceMatrix();
      for (int p = 0; p < 2; ++p) m_col_t[p] = DeviceMatrix(), m_row_panel[p] = DeviceMatrix();
      require_device_memory(m_name + " needs the " + std::to_string(m_n) + " x " + std::to_string(m_n) +
                                " distance matrix (" + std::string(to_string(options().dtype)) + ")",
                            matrix_bytes + panel_bytes);
      m_d = DeviceMatrix(m_side, m_side, sizeof(T), m_name + " distance matrix");
      for (int p = 0; p < panel_sets; ++p) {
        m_col_t[p] = DeviceMatrix(block, m_side, 4, m_name + " column panel");
        m_row_panel[p] = DeviceMatrix(block, m_side, sizeof(T), m_name + " row panel");
      }
    }
    const std::uint64_t bytes = static_cast<std::uint64_t>(m_padded) * static_cast<std::uint64_t>(m_padded) * sizeof(T);
    timed_copy_async(Phase::Upload, bytes, [&](cudaStream_t s) {
      if (m_side > m_padded) fill_identity_async<T>(matrix(), s);
      APSP_CUDA_CHECK(cudaMemcpy2DAsync(m_d.data(), m_d.pitch_bytes(), padded.data(), padded.pitch_bytes(),
                                        static_cast<std::size_t>(m_padded) * sizeof(T),
                                        static_cast<std::size_t>(m_padded), cudaMemcpyHostToDevice, s));
    });
    m_main_dirty = true;
  }

  void run_phase(int round, Phase phase, int k_begin, int k_end) override {
    if (m_n == 0 || k_end <= k_begin) return;
    const int block = options().block;
    const int p0 = round * block;
    const int pb = std::min(block, m_n - p0);  // real pivot vertices this round
    const bool completes_phase = k_end >= pb;
    const std::uint64_t ks = static_cast<std::uint64_t>(k_end - k_begin);
    const std::uint64_t e = sizeof(T);
    const std::uint64_t upb = static_cast<std::uint64_t>(pb);
    const std::uint64_t rest = static_cast<std::uint64_t>(m_n) - upb;
    const std::uint64_t n = static_cast<std::uint64_t>(m_n);
    const std::uint64_t side = static_cast<std::uint64_t>(m_side);
    const std::uint64_t b = static_cast<std::uint64_t>(block);
    const std::uint64_t words = side * e / 4;

    PhaseSample sample;
    sample.round = round;
    sample.phase = phase;
    sample.device = m_device;
    sample.k_steps = ks;
    switch (phase) {
      case Phase::Pivot: sample.updates = upb * upb * ks; break;
      case Phase::PivotRowCol: sample.updates = 2 * upb * rest * ks; break;
      case Phase::Independent: sample.updates = rest * rest * ks; break;
      default: sample.updates = n * n * ks; break;
    }

    cudaStream_t s = m_stream.get();
    const bool tuned_full = m_variant == Variant::Tuned && completes_phase;
    const int set = m_lookahead ? (round & 1) : 0;
    const TunedPanels panels = tuned_full ? TunedPanels{m_col_t[set].view<std::uint32_t>(), m_row_panel[set].view<std::uint32_t>()}
                                          : TunedPanels{};
    const int row_tiles = m_side / kTunedTileRows;
    const int col_tiles = static_cast<int>(words) / kTunedTileWords;

    if (m_lookahead && tuned_full && (phase == Phase::Pivot || phase == Phase::PivotRowCol)) {
      // Look-ahead: phases 1 and 2 on the high-priority stream, overlapping the previous round's phase 3.
      if (m_main_dirty) main_to_aux();
      s = m_aux.get();
      const int start = m_ring.record(s);
      if (phase == Phase::Pivot) {
        pivot_async<T>(matrix(), block, p0, s);
        sample.bytes = 2 * b * b * e;
      } else {
        enqueue_tuned_rowcol(p0, panels, s);
        sample.bytes = tuned_rowcol_bytes(side, words, b, e);
      }
      m_ring.add(sample, start, m_ring.record(s));
      m_aux_dirty = true;
    } else if (m_lookahead && tuned_full && phase == Phase::Independent && round + 1 < rounds()) {
      // Look-ahead: the tile row and tile column holding the next pivot block go to the high-priority stream
      // (after this round's phase 2 there, and after the previous phase-3 remainder), so the next round's
      // phases 1 and 2 can start as soon as they are done; every other tile runs here meanwhile.
      aux_to_main();
      if (m_main_dirty) main_to_aux();
      cudaStream_t aux = m_aux.get();
      if (m_rest_pending) APSP_CUDA_CHECK(cudaStreamWaitEvent(aux, m_rest_done.get(), 0));
      const int next = (round + 1) * block;
      const int tr = next / kTunedTileRows;
      const int tc = next / static_cast<int>(4 / sizeof(T)) / kTunedTileWords;
      tuned_independent_tiles_async<T>(matrix(), block, TileRange{tr, tr + 1, 0, col_tiles}, panels, aux);
      tuned_independent_tiles_async<T>(matrix(), block, TileRange{0, row_tiles, tc, tc + 1, tr, -1}, panels, aux);
      m_aux_dirty = true;
      const int start = m_ring.record(s);
      tuned_independent_tiles_async<T>(matrix(), block, TileRange{0, row_tiles, 0, col_tiles, tr, tc}, panels, s);
      sample.bytes = tuned_independent_bytes(side, words, b, e);
      m_ring.add(sample, start, m_ring.record(s));
      APSP_CUDA_CHECK(cudaEventRecord(m_rest_done.get(), s));
      m_rest_pending = true;
    } else {
      aux_to_main();
      const int start = m_ring.record(s);
      // A phase run to its end uses the phase kernel even when k-steps already did part of it: each phase
      // kernel is idempotent on its own partial results (Floyd–Warshall on a partially relaxed block gives the
      // same closure), so the state equals the one the k-steps would reach.
      if (m_variant == Variant::Naive || !completes_phase) {
        for (int k = k_begin; k < k_end; ++k) relax_k_async<T>(matrix(), m_n, p0 + k, phase, p0, p0 + block, s);
        std::uint64_t cells = n * n;
        if (phase == Phase::Pivot) cells = upb * upb;
        if (phase == Phase::PivotRowCol) cells = 2 * upb * rest;
        if (phase == Phase::Independent) cells = rest * rest;
        sample.bytes = 2 * cells * e * ks;
      } else if (phase == Phase::Pivot) {  // both blocked variants share the phase-1 kernel
        pivot_async<T>(matrix(), block, p0, s);
        sample.bytes = 2 * b * b * e;
      } else if (m_variant == Variant::Blocked) {
        const int blocks = m_padded / block;
        const std::uint64_t nb = static_cast<std::uint64_t>(blocks);
        switch (phase) {
          case Phase::PivotRowCol:
            blocked_rowcol_async<T>(matrix(), block, round, blocks, s);
            sample.bytes = 2 * (nb - 1) * 3 * b * b * e;
            break;
          default:
            blocked_independent_async<T>(matrix(), block, round, blocks, s);
            sample.bytes = (nb - 1) * (nb - 1) * 4 * b * b * e;
            break;
        }
      } else {
        switch (phase) {
          case Phase::PivotRowCol:
            enqueue_tuned_rowcol(p0, panels, s);
            sample.bytes = tuned_rowcol_bytes(side, words, b, e);
            break;
          default:
            tuned_independent_tiles_async<T>(matrix(), block, TileRange{0, row_tiles, 0, col_tiles}, panels, s);
            sample.bytes = tuned_independent_bytes(side, words, b, e);
            break;
        }
      }
      m_ring.add(sample, start, m_ring.record(s));
      m_main_dirty = true;
    }

    const bool ends_round = completes_phase && (phase == Phase::Independent || phase == Phase::Full);
    if (ends_round) {
      // On the main stream after this round's phase 3 (with look-ahead, the next pivot's strips may still be
      // running: a negative entry there is seen one round later, or by the final check after full sync).
      const MatrixView<T> d = matrix();
      diagonal_check_async<T>(MatrixView<const T>{d.data, d.pitch, d.rows, d.cols}, m_n, 0, m_flags.device(),
                              m_stream.get());
    }
    // Keep the event backlog bounded when nobody collects (e.g. a long ToEnd in a benchmark).
    if (m_ring.pending() > 4096) collect_timings(false);
  }

  bool negative_diagonal(bool wait) override {
    if (wait) synchronize();
    return m_flags.host()[0] != 0;
  }

  void read_raw(DistanceMatrix& out) override {
    if (m_n == 0) return;
    aux_to_main();
    const std::uint64_t bytes = static_cast<std::uint64_t>(m_n) * static_cast<std::uint64_t>(m_n) * sizeof(T);
    timed_copy_async(Phase::Download, bytes, [&](cudaStream_t s) {
      APSP_CUDA_CHECK(cudaMemcpy2DAsync(out.data(), out.pitch_bytes(), m_d.data(), m_d.pitch_bytes(),
                                        static_cast<std::size_t>(m_n) * sizeof(T), static_cast<std::size_t>(m_n),
                                        cudaMemcpyDeviceToHost, s));
    });
    synchronize();
  }

  std::int32_t raw_value_at(int i, int j) override {
    T v{};
    aux_to_main();
    APSP_CUDA_CHECK(cudaMemcpyAsync(&v, matrix().row(i) + j, sizeof(T), cudaMemcpyDeviceToHost, m_stream.get()));
    synchronize();
    return v;
  }

  void raw_view_tiles(const ViewGeometry& g, std::int32_t* tiles) override {
    if (g.texels() == 0 || m_n == 0) return;
    if (m_tiles.empty() || static_cast<std::size_t>(m_tiles.cols()) < g.texels()) {
      m_tiles = DeviceMatrix();
      m_tiles = DeviceMatrix(1, static_cast<int>(g.texels()), sizeof(std::int32_t), m_name + " view tiles");
    }
    aux_to_main();
    cudaStream_t s = m_stream.get();
    auto* dev_tiles = static_cast<std::int32_t*>(m_tiles.data());
    const MatrixView<T> d = matrix();
    view_tile_min_async<T>(d.data, d.pitch, g.n, g.rows, g.cols, dev_tiles, s);
    APSP_CUDA_CHECK(cudaMemcpyAsync(tiles, dev_tiles, g.texels() * sizeof(std::int32_t), cudaMemcpyDeviceToHost, s));
    synchronize();
  }

 private:
  MatrixView<T> matrix() const { return m_d.view<T>(); }

  /// Enqueues a host<->device copy on the main stream between two events and records it as a profile
  /// sample (round -1) once the events complete.
  template <class Enqueue> void timed_copy_async(Phase phase, std::uint64_t bytes, Enqueue&& enqueue) {
    cudaStream_t s = m_stream.get();
    const int start = m_ring.record(s);
    enqueue(s);
    const int end = m_ring.record(s);
    PhaseSample sample;
    sample.round = -1;
    sample.phase = phase;
    sample.device = m_device;
    sample.bytes = bytes;
    m_ring.add(sample, start, end);
  }

  void enqueue_tuned_rowcol(int p0, const TunedPanels& panels, cudaStream_t s) {
    const MatrixView<T> d = matrix();
    const int block = options().block;
    const MatrixView<const T> pivot{d.row(p0) + p0, d.pitch, block, block};
    tuned_rowcol_async<T>(d, pivot, block, p0, true, 0, m_side, panels, s);
  }
  static std::uint64_t tuned_rowcol_bytes(std::uint64_t side, std::uint64_t words, std::uint64_t b, std::uint64_t e) {
    const std::uint64_t ctas = words / kTunedTileWords + side / kTunedTileRows;
    return 3 * b * side * e + 2 * side * b * e + 4 * side * b + ctas * b * b * e;
  }
  static std::uint64_t tuned_independent_bytes(std::uint64_t side, std::uint64_t words, std::uint64_t b, std::uint64_t e) {
    const std::uint64_t tiles = (side / kTunedTileRows) * (words / kTunedTileWords);
    return 2 * side * side * e + tiles * (kTunedTileRows + kTunedTileWords) * b * 4;
  }

  /// Orders the second stream after the main stream's work so far (or after its last hand-off point).
  void main_to_aux() {
    if (m_main_dirty) {
      APSP_CUDA_CHECK(cudaEventRecord(m_handoff.get(), m_stream.get()));
      m_main_dirty = false;
    }
    APSP_CUDA_CHECK(cudaStreamWaitEvent(m_aux.get(), m_handoff.get(), 0));
  }
  /// Orders the main stream after everything issued on the second one.
  void aux_to_main() {
    if (!m_aux_dirty) return;
    APSP_CUDA_CHECK(cudaEventRecord(m_aux_done.get(), m_aux.get()));
    APSP_CUDA_CHECK(cudaStreamWaitEvent(m_stream.get(), m_aux_done.get(), 0));
    m_aux_dirty = false;
  }

  Variant m_variant;
  std::string m_name;
  int m_device = 0;
  int m_n = 0;
  int m_padded = 0;  ///< n padded to the block (the host layout)
  int m_side = 0;    ///< device matrix side (>= m_padded)
  bool m_lookahead = false;
  Stream m_stream;           ///< main stream: phase 3, k-steps, copies
  Stream m_aux;              ///< cuda-tuned look-ahead: phases 1 and 2
  SyncEvent m_handoff;       ///< main -> aux ordering point
  SyncEvent m_aux_done;      ///< aux -> main ordering point
  SyncEvent m_rest_done;     ///< look-ahead: the main stream's part of the last phase 3 is done
  bool m_rest_pending = false;
  bool m_main_dirty = false; ///< main has work the second stream has not been ordered after
  bool m_aux_dirty = false;  ///< the second stream has work main has not been ordered after
  MappedFlags m_flags;       ///< [0]: a diagonal entry went negative
  EventRing m_ring;
  DeviceMatrix m_d;
  DeviceMatrix m_col_t[2];      ///< cuda-tuned: block x side 32-bit words, transposed pivot column panel
  DeviceMatrix m_row_panel[2];  ///< cuda-tuned: block x side elements, pivot row panel (by round parity)
  DeviceMatrix m_tiles;         ///< view tile minima
};

}  // namespace

std::vector<int> supported_blocks(Variant variant) {
  switch (variant) {
    case Variant::Naive: return {};  // a round is just `block` consecutive k: any size works
    case Variant::Blocked: return {8, 16, 32, 64};
    default: return {32, 64, 128};
  }
}

std::unique_ptr<Solver> make_solver(Variant variant, const SolverOptions& options) {
  // cuda-tuned over several GPUs: one band of rows per device (multi_gpu_solver.cu).
  if (variant == Variant::Tuned && options.gpus != 1) return make_multi_gpu_solver(options);
  if (options.dtype == DType::I16) return std::make_unique<CudaSolver<std::int16_t>>(variant, options);
  return std::make_unique<CudaSolver<std::int32_t>>(variant, options);
}

}  // namespace apsp::cuda
