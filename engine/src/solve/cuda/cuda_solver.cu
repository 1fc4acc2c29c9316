// The one-GPU CUDA solvers. One class template per element type holds what every variant shares: the device
// matrix (it stays on the GPU between steps), its band's streams (band_streams.cuh), the profile's event
// pairs, the negative-diagonal flag in mapped host memory and read-back; view tiles are view/'s, from
// storage(). run_phase() hands each phase to its variant's own enqueue function: k-steps (every k of the
// variants that step by k: cuda-simple, cuda-naive, cuda-simple-vec, cuda-pseudo-blocked; and any phase
// stopped part way), the classic phase kernels (cuda-blocked, and cuda-staged / cuda-blocked-vec with their
// own phase 3), or cuda-tuned's phases through the band round driver (tuned_round.cuh) that the multi-GPU
// solver uses too.
//
// Nothing here synchronizes except read(), value_at(), view_tiles(), synchronize(), collect_timings(true) and
// the final negative-diagonal check (Solver::step asks with wait = true once the last round is issued).
//
// Look-ahead (cuda-tuned; APSP_CUDA_LOOKAHEAD=0 turns it off, round_model::lookahead_enabled()): phases 1 and
// 2 run on the high-priority aux stream and, of each phase 3, the tile row and tile column holding the next
// pivot block; the main stream runs the rest of phase 3, which touches neither (tuned_round.cuh). Every state
// the step API can observe is unchanged: reads wait for both streams. Per-phase event times then overlap;
// their sum exceeds the wall time. Without look-ahead every phase runs on main.
//
// Modeled updates and global-memory bytes per sample: solve/round_model.h (one band of every row).
#include <apsp/device/check.cuh>
#include <apsp/device/process_group.h>
#include <apsp/device/stream.cuh>

#include "device/band_build.cuh"
#include "device/buffer.cuh"
#include "device/device_guard.cuh"
#include "device/nvtx_range.h"
#include "solve/cuda/band_streams.cuh"
#include "solve/cuda/compiled_blocks.h"
#include "solve/cuda/cuda_solver.h"
#include "solve/cuda/event_ring.cuh"
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/ladder_kernels.cuh"
#include "solve/cuda/live_view_tiles.cuh"
#include "solve/cuda/multi_gpu_solver.h"
#include "solve/cuda/tuned_round.cuh"
#include "solve/round_model.h"

#include <apsp/core/errors.h>
#include <apsp/solve/block_size.h>
#include <apsp/solve/ladder.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

namespace apsp::cuda {

namespace {

std::string variant_name(Variant v) {
  switch (v) {
    case Variant::Naive: return "cuda-naive";
    case Variant::Blocked: return "cuda-blocked";
    case Variant::Simple: return "cuda-simple";
    case Variant::SimpleVec: return "cuda-simple-vec";
    case Variant::PseudoBlocked: return "cuda-pseudo-blocked";
    case Variant::Staged: return "cuda-staged";
    case Variant::BlockedVec: return "cuda-blocked-vec";
    default: return "cuda-tuned";
  }
}

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
    if (variant == Variant::PseudoBlocked) {
      if (const std::string why = cells_per_thread_problem(options.cells_per_thread); !why.empty())
        throw UsageError(m_name + ": cells per thread " + why);
    }
    m_streams = BandStreams::create(/*with_comm=*/false);
    m_flags = MappedFlags(1);
    m_lookahead = variant == Variant::Tuned && round_model::lookahead_enabled();
  }

  ~CudaSolver() override { m_streams.drain(); }  // kernels must not outlive the buffers

  std::string_view name() const override { return m_name; }
  bool blocked() const override { return !steps_by_k(m_variant); }

  void collect_timings(bool wait) override {
    if (wait) synchronize();  // two streams: the last sample issued is not necessarily the last to finish
    m_ring.collect(false, [this](const PhaseSample& s) { record(s); });
  }
  void synchronize() override { m_streams.synchronize(); }

  Storage storage() const override {
    Storage st;
    st.n = m_n;
    st.dtype = options().dtype;
    if (m_d.data()) {
      StorageBand band;
      band.device = m_device;
      band.data = m_d.data();
      band.pitch_bytes = m_d.pitch_bytes();
      band.rows = m_n;
      band.stream = m_streams.main();
      band.live_tiles = m_live.data();
      st.bands.push_back(band);
      if (band.live_tiles) st.live_view = m_live.geometry();
    }
    return st;
  }

  Storage storage_for_reads_async() override {
    // Readers order themselves after the main stream only: make it wait for the look-ahead stream too, and
    // the look-ahead stream's next phases 1 and 2 (which rewrite the pivot strips) wait for those reads.
    m_streams.main_after_aux();
    m_streams.main_written();
    if (m_d.data() && m_live.on() && !m_live.current()) {
      const CurrentDeviceGuard guard;  // the seeding kernel launches on the solver's device, whatever the caller's
      APSP_CUDA_CHECK(cudaSetDevice(m_device));
      m_live.refresh_async<T>(static_cast<const T*>(m_d.data()), m_d.pitch_bytes() / sizeof(T), m_streams.main());
    }
    return storage();
  }

  /// cuda-tuned only (its kernels fold); the geometry must be of the loaded n, and the weights non-negative
  /// (live_view_tiles.cuh: with negative ones, phase 2's floor could raise a cell, which a running minimum
  /// cannot follow).
  bool track_view(const ViewGeometry* geometry) override {
    const CurrentDeviceGuard guard;  // the caller's device stays current
    APSP_CUDA_CHECK(cudaSetDevice(m_device));
    const bool usable = m_variant == Variant::Tuned && geometry && m_n > 0 && geometry->n == m_n &&
                        !range_policy().negative_weights;
    return m_live.track(usable ? geometry : nullptr, 0, m_n, static_cast<int>(4 / sizeof(T)));
  }

 protected:
  void load(const DistanceMatrix& padded) override {
    if (!prepare_matrix(padded.n(), padded.padded_n())) return;
    const std::uint64_t bytes = static_cast<std::uint64_t>(m_padded) * static_cast<std::uint64_t>(m_padded) * sizeof(T);
    timed_copy_async(Phase::Upload, bytes, [&](cudaStream_t s) {
      if (m_side > m_padded) fill_identity_async<T>(matrix(), s);
      APSP_CUDA_CHECK(cudaMemcpy2DAsync(m_d.data(), m_d.pitch_bytes(), padded.data(), padded.pitch_bytes(),
                                        static_cast<std::size_t>(m_padded) * sizeof(T),
                                        static_cast<std::size_t>(m_padded), cudaMemcpyHostToDevice, s));
    });
    m_streams.main_written();
  }

  bool builds_on_device() const override { return true; }

  /// The edges are copied (a profile Upload sample with their bytes) and the whole device matrix is built from
  /// them, cuda-tuned's side beyond the padded n included: the state load() leaves, without an n x n host copy.
  void load_edges(const Graph& graph, LoadTimes& times) override {
    if (!prepare_matrix(graph.n, DistanceMatrix::padded_size(graph.n, options().block))) return;
    const Event upload_start = Event::create_timed(), upload_end = Event::create_timed(), build_end = Event::create_timed();
    DeviceEdges edges;
    const std::uint64_t edge_bytes = static_cast<std::uint64_t>(graph.m()) * sizeof(Edge);
    timed_copy_async(Phase::Upload, edge_bytes, [&](cudaStream_t s) {
      APSP_CUDA_CHECK(cudaEventRecord(upload_start.get(), s));
      edges = DeviceEdges::upload(graph, s);
      APSP_CUDA_CHECK(cudaEventRecord(upload_end.get(), s));
    });
    cudaStream_t s = m_streams.main();
    build_band_from_edges_async<T>(matrix(), 0, edges.data(), edges.size(), s);
    APSP_CUDA_CHECK(cudaEventRecord(build_end.get(), s));
    APSP_CUDA_CHECK(cudaEventSynchronize(build_end.get()));  // the edges are freed on return
    float upload_ms = 0, build_ms = 0;
    APSP_CUDA_CHECK(cudaEventElapsedTime(&upload_ms, upload_start.get(), upload_end.get()));
    APSP_CUDA_CHECK(cudaEventElapsedTime(&build_ms, upload_end.get(), build_end.get()));
    times.upload_ms = upload_ms;
    times.upload_bytes = edge_bytes;
    times.build_ms = build_ms;
    m_streams.main_written();
  }

  /// What load() and load_edges() share: an idle device, cleared per-run state, the matrix of an @p n vertex
  /// graph (padded to @p padded, cuda-tuned's further) and its panels allocated. False when n == 0.
  bool prepare_matrix(int n, int padded) {
    APSP_CUDA_CHECK(cudaSetDevice(m_device));
    synchronize();
    m_ring.clear();
    m_flags.clear();
    m_streams.clear();
    m_ring.set_reference(m_streams.main());  // the device is idle: the samples' time axis starts now
    m_live.invalidate();  // a new matrix: the next read seeds the live view minima again
    if (m_live.on() && (m_live.geometry().n != n || range_policy().negative_weights))
      m_live.track(nullptr, 0, 0, 1);
    m_n = n;
    m_padded = padded;
    const int block = options().block;
    // cuda-tuned's phase 3 works on whole 128-row x 128-word tiles: pad further with isolated vertices.
    m_side = m_variant == Variant::Tuned ? round_model::tuned_device_side(m_padded, sizeof(T)) : m_padded;
    if (m_n == 0) return false;
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
      // Into locals first: an allocation that fails part-way must not leave a matrix without its panels, which
      // the shape test above would take for a complete set at the next load.
      DeviceMatrix d(m_side, m_side, sizeof(T), m_name + " distance matrix");
      DeviceMatrix col_t[2], row_panel[2];
      for (int p = 0; p < panel_sets; ++p) {
        col_t[p] = DeviceMatrix(block, m_side, 4, m_name + " column panel");
        row_panel[p] = DeviceMatrix(block, m_side, sizeof(T), m_name + " row panel");
      }
      m_d = std::move(d);
      for (int p = 0; p < 2; ++p) m_col_t[p] = std::move(col_t[p]), m_row_panel[p] = std::move(row_panel[p]);
    }
    return true;
  }

  void run_phase(int round, Phase phase, int k_begin, int k_end) override {
    if (m_n == 0 || k_end <= k_begin) return;
    const int block = options().block;
    const int p0 = round * block;
    const int pb = std::min(block, m_n - p0);  // real pivot vertices this round
    const bool completes_phase = k_end >= pb;
    const NvtxPhaseRange nvtx(round, label(phase), k_begin, k_end, k_begin == 0 && completes_phase);
    const std::uint64_t n = static_cast<std::uint64_t>(m_n);
    PhaseSample sample;
    sample.round = round;
    sample.phase = phase;
    sample.device = m_device;
    sample.k_steps = static_cast<std::uint64_t>(k_end - k_begin);
    sample.updates = round_model::phase_updates(phase, n, static_cast<std::uint64_t>(pb),
                                                round_model::BandShare::whole(n, static_cast<std::uint64_t>(pb)),
                                                sample.k_steps);
    // A phase run to its end uses the phase kernel even when k-steps already did part of it: each phase
    // kernel is idempotent on its own partial results (Floyd–Warshall on a partially relaxed block gives the
    // same closure), so the state equals the one the k-steps would reach.
    if (steps_by_k(m_variant) || !completes_phase) {
      run_k_steps(p0, phase, k_begin, k_end, sample);
    } else if (m_variant == Variant::Tuned) {
      run_tuned_phase(round, phase, sample);
    } else {
      run_blocked_phase(round, phase, sample);
    }

    const bool ends_round = completes_phase && (phase == Phase::Independent || phase == Phase::Full);
    if (ends_round) {
      // On the main stream after this round's phase 3 (with look-ahead, the next pivot's strips may still be
      // running: a negative entry there is seen one round later, or by the final check after full sync).
      const MatrixView<T> d = matrix();
      diagonal_check_async<T>(MatrixView<const T>{d.data, d.pitch, d.rows, d.cols}, m_n, 0, m_flags.device(),
                              m_streams.main());
    }
    // Keep the event backlog bounded when nobody collects (e.g. a long ToEnd in a benchmark).
    if (m_ring.pending() > 4096) collect_timings(false);
  }

  bool negative_diagonal(bool wait) override {
    if (wait) synchronize();
    const bool negative = m_flags.host()[0] != 0;
    if (negative) m_live.invalidate();  // phase 2's floor may have raised cells: the running minimum no longer holds
    return negative;
  }

  void read_raw(DistanceMatrix& out) override {
    if (m_n == 0) return;
    m_streams.main_after_aux();
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
    m_streams.main_after_aux();
    APSP_CUDA_CHECK(cudaMemcpyAsync(&v, matrix().row(i) + j, sizeof(T), cudaMemcpyDeviceToHost, m_streams.main()));
    synchronize();
    return v;
  }

  /// Rows device -> page-locked staging (at most kRowStagingBytes at a time, allocated once) -> @p dst, so a
  /// streamed write never needs the whole matrix on the host and the copies run at pinned bandwidth.
  void read_raw_rows(int row_begin, int rows, void* dst, std::size_t pitch_bytes) override {
    if (rows <= 0 || m_n == 0) return;
    const std::size_t row_bytes = static_cast<std::size_t>(m_n) * sizeof(T);
    const int piece_rows = static_cast<int>(std::clamp<std::size_t>(kRowStagingBytes / row_bytes, 1, static_cast<std::size_t>(rows)));
    if (m_row_staging_bytes < piece_rows * row_bytes) {
      m_row_staging = PinnedBuffer::allocate(piece_rows * row_bytes);
      m_row_staging_bytes = piece_rows * row_bytes;
    }
    m_streams.main_after_aux();
    for (int done = 0; done < rows; done += piece_rows) {
      const int piece = std::min(piece_rows, rows - done);
      timed_copy_async(Phase::Download, static_cast<std::uint64_t>(piece) * row_bytes, [&](cudaStream_t s) {
        APSP_CUDA_CHECK(cudaMemcpy2DAsync(m_row_staging.get(), row_bytes, matrix().row(row_begin + done), m_d.pitch_bytes(),
                                          row_bytes, static_cast<std::size_t>(piece), cudaMemcpyDeviceToHost, s));
      });
      synchronize();
      for (int r = 0; r < piece; ++r)
        std::memcpy(static_cast<char*>(dst) + static_cast<std::size_t>(done + r) * pitch_bytes,
                    static_cast<const char*>(m_row_staging.get()) + static_cast<std::size_t>(r) * row_bytes, row_bytes);
    }
  }

 private:
  static constexpr std::size_t kRowStagingBytes = 32u << 20;
  PinnedBuffer m_row_staging;
  std::size_t m_row_staging_bytes = 0;
  MatrixView<T> matrix() const { return m_d.view<T>(); }

  /// Enqueues a host<->device copy on the main stream between two events and records it as a profile
  /// sample (round -1) once the events complete.
  template <class Enqueue> void timed_copy_async(Phase phase, std::uint64_t bytes, Enqueue&& enqueue) {
    cudaStream_t s = m_streams.main();
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

  /// Every k of a variant that steps by k, and the k-steps of a blocked phase stopped part way: one launch per
  /// k, on main. The ladder's streaming kernels for their own variants' Full phase, relax_k otherwise.
  void run_k_steps(int p0, Phase phase, int k_begin, int k_end, PhaseSample sample) {
    m_live.invalidate();  // k-steps do not fold what they write
    const bool streaming = phase == Phase::Full && m_variant != Variant::Naive;
    sample.bytes = streaming ? round_model::streaming_k_bytes(static_cast<std::uint64_t>(m_n), sample.k_steps, sizeof(T))
                             : round_model::k_step_bytes(sample.updates, sizeof(T));
    run_on_main_async(m_streams, m_ring, sample, [&](cudaStream_t s) {
      for (int k = k_begin; k < k_end; ++k) {
        if (!streaming) {
          relax_k_async<T>(matrix(), m_n, p0 + k, phase, p0, p0 + options().block, s);
        } else if (m_variant == Variant::Simple) {
          simple_relax_k_async<T>(matrix(), m_n, p0 + k, s);
        } else if (m_variant == Variant::SimpleVec) {
          simple_vec_relax_k_async<T>(matrix(), m_n, p0 + k, s);
        } else {
          pseudo_blocked_relax_k_async<T>(matrix(), m_n, p0 + k, options().cells_per_thread, s);
        }
      }
    });
  }

  /// cuda-blocked, cuda-staged and cuda-blocked-vec, a whole phase, on main: the classic pivot kernel, the
  /// classic phase 2 (split, or one CTA per block index with --phase2 one-cta) and each variant's phase 3.
  void run_blocked_phase(int round, Phase phase, PhaseSample sample) {
    const int block = options().block;
    const int blocks = m_padded / block;
    const std::uint64_t b = static_cast<std::uint64_t>(block), e = sizeof(T);
    const std::uint64_t nb = static_cast<std::uint64_t>(blocks);
    if (phase == Phase::Pivot) {
      sample.bytes = round_model::pivot_bytes(b, e);
      run_on_main_async(m_streams, m_ring, sample,
                        [&](cudaStream_t s) { pivot_async<T>(matrix(), block, round * block, s); });
    } else if (phase == Phase::PivotRowCol && options().phase2 == Phase2Mode::OneCta) {
      sample.bytes = round_model::blocked_rowcol_one_cta_bytes(nb, b, e);
      run_on_main_async(m_streams, m_ring, sample,
                        [&](cudaStream_t s) { blocked_rowcol_one_cta_async<T>(matrix(), block, round, blocks, s); });
    } else if (phase == Phase::PivotRowCol) {
      sample.bytes = round_model::blocked_rowcol_bytes(nb, b, e);
      run_on_main_async(m_streams, m_ring, sample,
                        [&](cudaStream_t s) { blocked_rowcol_async<T>(matrix(), block, round, blocks, s); });
    } else {
      sample.bytes = round_model::blocked_independent_bytes(nb, b, e);
      run_on_main_async(m_streams, m_ring, sample, [&](cudaStream_t s) {
        if (m_variant == Variant::Staged) {
          staged_independent_async<T>(matrix(), round, blocks, s);
        } else if (m_variant == Variant::BlockedVec) {
          blocked_vec_independent_async<T>(matrix(), round, blocks, s);
        } else {
          blocked_independent_async<T>(matrix(), block, round, blocks, s);
        }
      });
    }
  }

  /// cuda-tuned, a whole phase, through the band round driver: phases 1 and 2 on aux under look-ahead (on main
  /// without), phase 3 with the next pivot's strips first on aux unless this is the last round.
  void run_tuned_phase(int round, Phase phase, PhaseSample sample) {
    const int block = options().block;
    const int p0 = round * block;
    const std::uint64_t side = static_cast<std::uint64_t>(m_side), b = static_cast<std::uint64_t>(block), e = sizeof(T);
    const int set = m_lookahead ? (round & 1) : 0;
    const TunedPanels panels{m_col_t[set].view<std::uint32_t>(), m_row_panel[set].view<std::uint32_t>()};
    if (phase == Phase::Independent) {
      sample.bytes = round_model::tuned_independent_bytes(side, side, b, e);
      const int row_tiles = m_side / kTunedTileRows;
      const int col_tiles = static_cast<int>(side * e / 4) / kTunedTileWords;
      NextPivotTiles next;
      const bool lookahead = m_lookahead && round + 1 < rounds();
      if (lookahead) {
        const int next_p0 = (round + 1) * block;
        next.tile_row = next_p0 / kTunedTileRows;
        next.tile_col = next_p0 / static_cast<int>(4 / sizeof(T)) / kTunedTileWords;
      }
      run_tuned_independent_async<T>(m_streams, m_ring, matrix(), block, panels, row_tiles, col_tiles,
                                     lookahead ? &next : nullptr, sample, m_live.texels());
      return;
    }
    const auto enqueue = [&](cudaStream_t s) {
      const MatrixView<T> d = matrix();
      if (phase == Phase::Pivot) {
        pivot_async<T>(d, block, p0, s);
        m_live.fold_async<T>(d.data, d.pitch, p0, p0 + block, p0, p0 + block, s);
      } else {
        // One launch for both panels: the row panel's CTAs and the column panel's over every row.
        const MatrixView<const T> pivot{d.row(p0) + p0, d.pitch, block, block};
        tuned_rowcol_async<T>(d, pivot, block, p0, true, 0, m_side, panels, s);
        m_live.fold_async<T>(d.data, d.pitch, p0, p0 + block, 0, m_n, s);  // the pivot row strip
        m_live.fold_async<T>(d.data, d.pitch, 0, m_n, p0, p0 + block, s);  // the pivot column strip
      }
    };
    sample.bytes = phase == Phase::Pivot ? round_model::pivot_bytes(b, e)
                                         : round_model::tuned_rowcol_bytes(side, side, b, e, /*owner=*/true);
    if (m_lookahead) {
      run_on_aux_async(m_streams, m_ring, sample, enqueue);
    } else {
      run_on_main_async(m_streams, m_ring, sample, enqueue);
    }
  }

  Variant m_variant;
  std::string m_name;
  int m_device = 0;
  int m_n = 0;
  int m_padded = 0;  ///< n padded to the block (the host layout)
  int m_side = 0;    ///< device matrix side (>= m_padded)
  bool m_lookahead = false;
  BandStreams m_streams;     ///< main (phase 3, k-steps, copies) and aux (cuda-tuned look-ahead), no comm
  MappedFlags m_flags;       ///< [0]: a diagonal entry went negative
  EventRing m_ring;
  DeviceMatrix m_d;
  DeviceMatrix m_col_t[2];      ///< cuda-tuned: block x side 32-bit words, transposed pivot column panel
  DeviceMatrix m_row_panel[2];  ///< cuda-tuned: block x side elements, pivot row panel (by round parity)
  LiveViewTiles m_live;         ///< cuda-tuned: the tracked view's minima, kept by the kernels (track_view)
};

}  // namespace

bool steps_by_k(Variant variant) {
  return variant == Variant::Naive || variant == Variant::Simple || variant == Variant::SimpleVec ||
         variant == Variant::PseudoBlocked;
}

std::vector<int> supported_blocks(Variant variant) {
  if (steps_by_k(variant)) return {};  // a round is just `block` consecutive k: any size works
  switch (variant) {
    case Variant::Blocked: return BlockedBlocks::to_vector();
    case Variant::Staged:
    case Variant::BlockedVec: return LadderPhase3Blocks::to_vector();  // their phase-3 kernels are written for one B
    default: return TunedBlocks::to_vector();
  }
}

std::unique_ptr<Solver> make_solver(Variant variant, const SolverOptions& options) {
  // cuda-tuned over several GPUs, or one rank of a multi-process solve: row bands (multi_gpu_solver.cu).
  const bool multi_process = options.process_group && options.process_group->multi_process();
  if (variant == Variant::Tuned && (options.gpus != 1 || multi_process)) return make_multi_gpu_solver(options);
  if (options.dtype == DType::I16) return std::make_unique<CudaSolver<std::int16_t>>(variant, options);
  return std::make_unique<CudaSolver<std::int32_t>>(variant, options);
}

}  // namespace apsp::cuda
