#include <apsp/core/errors.h>
#include <apsp/solve/multi_gpu_bands.h>

#include <algorithm>
#include <numeric>
#include <string>

#include "solve/band_split.h"

namespace apsp {

std::vector<GpuRowBand> multi_gpu_row_bands(int n, int block, int gpus, DType dtype) {
  if (block < 1 || gpus < 1 || n < 0) {
    throw UsageError("row bands: need n >= 0, block >= 1 and gpus >= 1 (got n = " + std::to_string(n) +
                     ", block = " + std::to_string(block) + ", gpus = " + std::to_string(gpus) + ")");
  }
  std::vector<GpuRowBand> out;
  if (gpus == 1 || n == 0) {
    out.push_back(GpuRowBand{0, 0, n});
    for (int d = 1; d < gpus; ++d) out.push_back(GpuRowBand{d, n, n});
    return out;
  }
  // The same plan as multi_gpu_solver.cu: padded to the block, then to whole phase-3 tiles of 32-bit words.
  const int padded = (n + block - 1) / block * block;
  const int tile_elems = detail::kMultiGpuTileWords * static_cast<int>(4 / element_bytes(dtype));
  const int unit = band_unit(block, detail::kMultiGpuTileRows);
  // For cuda-tuned's block sizes (32, 64, 128) the unit divides tile_elems and this is the solver's side; other
  // blocks (displays of other backends) round up to whole units as well.
  const int step = std::lcm(tile_elems, unit);
  const int side = (padded + step - 1) / step * step;
  const std::vector<Band> bands = split_bands(side, unit, gpus);
  for (std::size_t d = 0; d < bands.size(); ++d) {
    const int begin = std::min(bands[d].row_begin, n);
    const int end = std::min(bands[d].row_end, n);
    out.push_back(GpuRowBand{static_cast<int>(d), begin, end});
  }
  return out;
}

}  // namespace apsp
