#pragma once
/// @file scaling_model.h
/// @brief A model of blocked Floyd–Warshall's time on P GPUs, for the design note docs/scaling.md: 1D row
/// bands (what cuda-tuned --gpus runs today) against a 2D block-cyclic layout (what clusters need).
///
/// Units: seconds (s), bytes, updates (one min-plus relaxation d[i][j] = min(d[i][j], d[i][k] + d[k][j])).
///
/// Sizes. S = the device matrix side of cuda-tuned (n padded to the block, then to whole 128-row x 128-word
/// phase-3 tiles; round_model::tuned_device_side), B = block, e = element bytes (4 for i32, 2 for i16),
/// rounds = S / B. A round updates every one of the S^2 cells B times: S^2 B updates.
///
/// Per round, on the GPU that finishes last (the rounds are synchronized by the pivot panel every GPU needs):
///   compute   = (rows x cols the GPU holds) x B / rate, rate = one GPU's min-plus rate (updates/s).
///               1D: rows = the largest band (whole 128-row units, solve/band_split.h), cols = S;
///               2D on a pr x pc grid with B x B blocks dealt cyclically: rows = ceil(S/B / pr) B,
///               cols = ceil(S/B / pc) B. The difference to S^2 B / P is the load imbalance.
///   moved     = bytes a GPU receives per round.
///               1D: the B x S pivot row panel, broadcast from its owner to all P: B S e.
///               2D: the row panel's part along its grid column (B x S/pc, among pr GPUs) and the column
///               panel's part along its grid row (S/pr x B, among pc GPUs): B e (S/pc + S/pr), i.e.
///               2 B S e / sqrt(P) on a square grid.
///   broadcast = latency x ceil(log2 of the group) (a tree's depth) + moved / bandwidth (pipelined: the
///               bandwidth term is paid once, whatever P); for 2D the two panels' groups add.
///   chain     = what one round's pivot work needs before the next round's phase 3 can start:
///               phase 1 (B dependent k-steps of kKStepSeconds) + the panels (1D: the owner's B x S row panel
///               and each GPU's rows x B column panel; 2D: the pivot block broadcast along its grid row and
///               column, then the panel parts) at kPanelRateShare of the rate, + the broadcast.
///   round     = max(compute + moved / bandwidth, chain).
/// The look-ahead of the 1D solver (engine/src/solve/cuda/multi_gpu_solver.cu) runs the next round's
/// phases 1-2 and broadcast under this round's phase 3, so the chain costs nothing while it is shorter than
/// phase 3; when it is longer (many GPUs, little phase 3 each) the round waits for it. The bytes are not
/// free even when overlapped: the transfer takes SMs and memory bandwidth from phase 3 on every GPU while it
/// runs, so their bandwidth term is charged to every round. The 2D model assumes the same look-ahead.
///
/// Total = rounds x round. P = 1 has no broadcast and its chain is hidden: the model's one-GPU time is
/// S^3 / rate exactly, so calibrating the rate from a measured one-GPU time (calibrate_rate) reproduces it.
/// Parallel efficiency = T(1) / (P T(P)) at the same n.
///
/// Links (link_nvlink(), link_infiniband_ndr(); sources in docs/scaling.md):
///   NVLink 4 on an H100/H200 NVSwitch host: 450 GB/s per GPU per direction (18 links x 25 GB/s); NCCL's
///   all-reduce reaches 460-480 GB/s busbw on 8 H100s for large messages. A broadcast of the 8-32 MiB panels
///   reaches less; 300 GB/s is the figure that puts the model through the 2026-11-21 2- and 4-GPU points of
///   docs/performance.md. Latency 8 us per tree level (NCCL small-message latency inside a host, assumed).
///   InfiniBand NDR: 400 Gb/s = 50 GB/s per GPU (one NIC per GPU, per direction); we take 45 GB/s (90 % of
///   the line rate) and 15 us per tree level (assumed). A cluster of NVLink hosts joined by InfiniBand is
///   bounded by the InfiniBand figures for any broadcast that leaves a host.
#include <apsp/core/types.h>

#include <cstdint>
#include <string>

namespace apsp::scaling {

/// How the matrix is spread over the GPUs.
enum class Layout {
  RowBands,     ///< 1D: one band of whole 128-row units per GPU (cuda-tuned --gpus today)
  BlockCyclic,  ///< 2D: B x B blocks dealt cyclically over a pr x pc grid (grid_for)
};

/// @brief "1D bands" / "2D block-cyclic".
const char* to_string(Layout layout);

/// @brief A fabric as one broadcast sees it: bytes per second per GPU, seconds per tree level.
struct Link {
  std::string name;
  double bandwidth_bytes_per_s = 0;
  double latency_s = 0;
};

/// @brief NVLink 4 through NVSwitch (H100/H200 hosts): 300 GB/s effective broadcast, 8 us.
Link link_nvlink();
/// @brief InfiniBand NDR 400 Gb/s per GPU: 45 GB/s effective, 15 us.
Link link_infiniband_ndr();

/// Seconds per dependent k-step of phase 1 (one pivot block, B steps in a row, each a CTA-wide barrier).
inline constexpr double kKStepSeconds = 0.2e-6;
/// The share of one GPU's min-plus rate the panel kernels reach beside phase 3 (thin panels, run on the
/// look-ahead stream while phase 3 holds most SMs).
inline constexpr double kPanelRateShare = 0.25;

/// @brief What the model needs. @p updates_per_s is one GPU's rate over the device matrix (calibrate_rate).
struct ModelInput {
  std::int64_t n = 0;  ///< vertices
  int block = 128;     ///< B
  DType dtype = DType::I32;
  int gpus = 1;  ///< P
  Layout layout = Layout::RowBands;
  double updates_per_s = 0;  ///< per GPU
  Link link;
};

/// @brief The grid a 2D layout uses on @p gpus GPUs: pr x pc with pr the largest divisor <= sqrt(P)
/// (square when P is). Throws UsageError for gpus outside 1 .. 2^20.
struct Grid {
  int rows = 1;
  int cols = 1;
};
Grid grid_for(int gpus);

/// @brief The model's answer for one configuration.
struct Prediction {
  double seconds = 0;             ///< total
  double efficiency = 0;          ///< T(1) / (P T(P)), 1 for P = 1
  double single_gpu_seconds = 0;  ///< T(1) at the same n
  std::int64_t side = 0;          ///< S
  std::int64_t rounds = 0;        ///< S / B
  double compute_s = 0;           ///< per round, slowest GPU
  double balanced_compute_s = 0;  ///< per round, S^2 B / (P rate): compute_s minus the load imbalance
  double moved_bytes = 0;         ///< per round, per GPU
  double broadcast_s = 0;         ///< per round
  double chain_s = 0;             ///< per round
  double round_s = 0;             ///< per round
  bool chain_bound = false;       ///< the round waits for the pivot chain (look-ahead cannot hide it)
  Grid grid;                      ///< 1 x P for 1D
};

/// @brief The device matrix side S for @p n vertices (n padded to @p block, then to cuda-tuned's tiles).
std::int64_t device_side(std::int64_t n, int block, DType dtype);

/// @brief One GPU's rate that makes the model's one-GPU time equal @p single_gpu_seconds: S^3 / t.
/// Throws UsageError for a non-positive time or n.
double calibrate_rate(std::int64_t n, int block, DType dtype, double single_gpu_seconds);

/// @brief The predicted time of @p input. Throws UsageError for n outside 1 .. 2^30, block < 1, gpus outside
/// 1 .. 2^20, a rate or bandwidth <= 0 or a latency < 0. More GPUs than 128-row units leave the last 1D
/// bands empty, as the solver does (those GPUs still take part in every broadcast).
Prediction predict(const ModelInput& input);

}  // namespace apsp::scaling
