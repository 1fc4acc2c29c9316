// The scaling model of docs/scaling.md; every formula is stated in apsp/bench/scaling_model.h.
#include <apsp/bench/scaling_model.h>
#include <apsp/core/errors.h>
#include <apsp/solve/multi_gpu_bands.h>

#include <algorithm>
#include <string>

#include "solve/band_split.h"
#include "solve/round_model.h"

namespace apsp::scaling {

namespace {

constexpr std::int64_t kMaxVertices = std::int64_t{1} << 30;
// Far beyond any machine; it bounds the per-GPU band list the 1D split builds.
constexpr int kMaxGpus = 1 << 20;

// Depth of a binary broadcast tree over @p group members: 0 for one member.
int tree_levels(int group) {
  int levels = 0;
  while ((std::int64_t{1} << levels) < group) ++levels;
  return levels;
}

double broadcast_seconds(const Link& link, int group, double bytes) {
  if (group <= 1) return 0;
  return link.latency_s * tree_levels(group) + bytes / link.bandwidth_bytes_per_s;
}

void validate(const ModelInput& in) {
  if (in.n < 1 || in.n > kMaxVertices)
    throw UsageError("scaling model: n = " + std::to_string(in.n) + " is outside 1 .. 2^30");
  if (in.block < 1) throw UsageError("scaling model: block " + std::to_string(in.block) + " is not positive");
  if (in.gpus < 1 || in.gpus > kMaxGpus) throw UsageError("scaling model: " + std::to_string(in.gpus) + " GPUs");
  if (!(in.updates_per_s > 0)) throw UsageError("scaling model: the per-GPU rate must be positive");
  if (in.gpus > 1 && !(in.link.bandwidth_bytes_per_s > 0))
    throw UsageError("scaling model: link '" + in.link.name + "' has no bandwidth");
  if (in.link.latency_s < 0) throw UsageError("scaling model: link '" + in.link.name + "' has a negative latency");
}

// Largest count of B-block rows one of @p parts members holds when @p blocks are dealt cyclically.
std::int64_t cyclic_share(std::int64_t blocks, int parts) { return (blocks + parts - 1) / parts; }

}  // namespace

const char* to_string(Layout layout) { return layout == Layout::RowBands ? "1D bands" : "2D block-cyclic"; }

Link link_nvlink() { return {"NVLink", 300e9, 8e-6}; }

Link link_infiniband_ndr() { return {"InfiniBand NDR", 45e9, 15e-6}; }

Grid grid_for(int gpus) {
  if (gpus < 1 || gpus > kMaxGpus) throw UsageError("scaling model: " + std::to_string(gpus) + " GPUs");
  Grid g;
  for (int r = 1; static_cast<std::int64_t>(r) * r <= gpus; ++r)
    if (gpus % r == 0) g.rows = r;
  g.cols = gpus / g.rows;
  return g;
}

std::int64_t device_side(std::int64_t n, int block, DType dtype) {
  if (n < 1 || n > kMaxVertices || block < 1)
    throw UsageError("scaling model: n = " + std::to_string(n) + ", block " + std::to_string(block));
  const int padded = round_model::round_up(static_cast<int>(n), block);
  const int side = round_model::tuned_device_side(padded, element_bytes(dtype));
  // Whole pivot blocks and whole 128-row band units, as the multi-GPU layout needs.
  return round_model::round_up(side, band_unit(block, detail::kMultiGpuTileRows));
}

double calibrate_rate(std::int64_t n, int block, DType dtype, double single_gpu_seconds) {
  if (!(single_gpu_seconds > 0)) throw UsageError("scaling model: a one-GPU time must be positive");
  const double s = static_cast<double>(device_side(n, block, dtype));
  return s * s * s / single_gpu_seconds;
}

Prediction predict(const ModelInput& in) {
  validate(in);
  Prediction p;
  const std::int64_t side = device_side(in.n, in.block, in.dtype);
  const double S = static_cast<double>(side);
  const double B = in.block;
  const double e = static_cast<double>(element_bytes(in.dtype));
  const double rate = in.updates_per_s;
  const int P = in.gpus;
  p.side = side;
  p.rounds = side / in.block;
  p.single_gpu_seconds = S * S * S / rate;
  p.balanced_compute_s = S * S * B / (P * rate);

  const double panel_rate = rate * kPanelRateShare;
  const double phase1 = B * kKStepSeconds;
  if (in.layout == Layout::RowBands || P == 1) {
    p.grid = {1, P};
    const auto bands = split_bands(static_cast<int>(side), band_unit(in.block, detail::kMultiGpuTileRows), P);
    int rows = 0;
    for (const Band& b : bands) rows = std::max(rows, b.rows());
    p.compute_s = rows * S * B / rate;
    if (P > 1) {
      p.moved_bytes = B * S * e;
      p.broadcast_s = broadcast_seconds(in.link, P, p.moved_bytes);
      // Owner: phase 1, its row panel; every GPU: its column panel once the row panel has arrived.
      p.chain_s = phase1 + (B * B * S + rows * B * B) / panel_rate + p.broadcast_s;
    }
  } else {
    p.grid = grid_for(P);
    const std::int64_t blocks = p.rounds;
    const double rows = static_cast<double>(cyclic_share(blocks, p.grid.rows)) * B;
    const double cols = static_cast<double>(cyclic_share(blocks, p.grid.cols)) * B;
    p.compute_s = rows * cols * B / rate;
    // Row panel part along the grid column (pr GPUs), column panel part along the grid row (pc GPUs).
    const double row_part = B * cols * e;
    const double col_part = rows * B * e;
    p.moved_bytes = (p.grid.rows > 1 ? row_part : 0) + (p.grid.cols > 1 ? col_part : 0);
    p.broadcast_s =
        broadcast_seconds(in.link, p.grid.rows, row_part) + broadcast_seconds(in.link, p.grid.cols, col_part);
    // Pivot block to its grid row and column, the two panel parts, then the panels' broadcasts.
    const double pivot_block = B * B * e;
    const double pivot_out =
        broadcast_seconds(in.link, p.grid.rows, pivot_block) + broadcast_seconds(in.link, p.grid.cols, pivot_block);
    p.chain_s = phase1 + pivot_out + (B * B * cols + rows * B * B) / panel_rate + p.broadcast_s;
  }

  const double overlapped = p.compute_s + (P > 1 ? p.moved_bytes / in.link.bandwidth_bytes_per_s : 0);
  p.chain_bound = P > 1 && p.chain_s > overlapped;
  p.round_s = P > 1 ? std::max(overlapped, p.chain_s) : p.compute_s;
  p.seconds = static_cast<double>(p.rounds) * p.round_s;
  p.efficiency = p.single_gpu_seconds / (P * p.seconds);
  return p;
}

}  // namespace apsp::scaling
