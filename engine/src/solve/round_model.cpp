#include "solve/round_model.h"

#include <apsp/solve/multi_gpu_bands.h>

#include <cstdlib>
#include <string>

namespace apsp::round_model {

namespace {
constexpr std::uint64_t kTileRows = detail::kMultiGpuTileRows;
constexpr std::uint64_t kTileWords = detail::kMultiGpuTileWords;
}  // namespace

int round_up(int v, int multiple) { return (v + multiple - 1) / multiple * multiple; }

int tuned_device_side(int padded, std::size_t elem_bytes) {
  return round_up(padded, detail::kMultiGpuTileWords * static_cast<int>(4 / elem_bytes));
}

bool lookahead_enabled() {
  const char* env = std::getenv("APSP_CUDA_LOOKAHEAD");
  return !(env && std::string(env) == "0");
}

std::uint64_t phase_updates(Phase phase, std::uint64_t n, std::uint64_t pb, BandShare band, std::uint64_t k_steps) {
  switch (phase) {
    case Phase::Pivot: return band.owner ? pb * pb * k_steps : 0;
    case Phase::PivotRowCol: return (band.other_rows * pb + (band.owner ? pb * (n - pb) : 0)) * k_steps;
    case Phase::Independent: return band.other_rows * (n - pb) * k_steps;
    default: return n * n * k_steps;
  }
}

std::uint64_t k_step_bytes(std::uint64_t updates, std::uint64_t elem_bytes) { return 2 * updates * elem_bytes; }

std::uint64_t streaming_k_bytes(std::uint64_t n, std::uint64_t k_steps, std::uint64_t elem_bytes) {
  return k_steps * (2 * n * n + 2 * n) * elem_bytes;
}

std::uint64_t pivot_bytes(std::uint64_t block, std::uint64_t elem_bytes) { return 2 * block * block * elem_bytes; }

std::uint64_t blocked_rowcol_bytes(std::uint64_t blocks, std::uint64_t block, std::uint64_t elem_bytes) {
  return 2 * (blocks - 1) * 3 * block * block * elem_bytes;
}

std::uint64_t blocked_independent_bytes(std::uint64_t blocks, std::uint64_t block, std::uint64_t elem_bytes) {
  return (blocks - 1) * (blocks - 1) * 4 * block * block * elem_bytes;
}

std::uint64_t blocked_rowcol_one_cta_bytes(std::uint64_t blocks, std::uint64_t block, std::uint64_t elem_bytes) {
  return (blocks - 1) * 5 * block * block * elem_bytes;
}

std::uint64_t tuned_rowcol_bytes(std::uint64_t band_rows, std::uint64_t side, std::uint64_t block,
                                 std::uint64_t elem_bytes, bool owner) {
  const std::uint64_t column_ctas = band_rows / kTileRows;
  std::uint64_t bytes =
      2 * band_rows * block * elem_bytes + 4 * band_rows * block + column_ctas * block * block * elem_bytes;
  if (owner) {
    const std::uint64_t row_ctas = side * elem_bytes / 4 / kTileWords;
    bytes += 3 * block * side * elem_bytes + row_ctas * block * block * elem_bytes;
  }
  return bytes;
}

std::uint64_t tuned_independent_bytes(std::uint64_t band_rows, std::uint64_t side, std::uint64_t block,
                                      std::uint64_t elem_bytes) {
  const std::uint64_t tiles = (band_rows / kTileRows) * (side * elem_bytes / 4 / kTileWords);
  return 2 * band_rows * side * elem_bytes + tiles * (kTileRows + kTileWords) * block * 4;
}

}  // namespace apsp::round_model
