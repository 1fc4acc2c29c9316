#include "bench_scaling.h"

namespace apsp::cli {

std::vector<double> parallel_efficiency(const std::vector<ScalingPoint>& points) {
  std::vector<double> out(points.size(), -1.0);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const ScalingPoint& p = points[i];
    if (p.gpus < 1 || p.median_ms <= 0) continue;
    for (const ScalingPoint& one : points) {
      if (one.gpus == 1 && one.backend == p.backend && one.block == p.block && one.n == p.n && one.median_ms > 0) {
        out[i] = one.median_ms / (static_cast<double>(p.gpus) * p.median_ms);
        break;
      }
    }
  }
  return out;
}

}  // namespace apsp::cli
