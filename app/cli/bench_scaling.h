#pragma once
// Strong scaling of `apsp bench` rows: how well a multi-GPU run uses its GPUs, against the one-GPU run of the
// same variant, block size and n in the same invocation.
#include <string>
#include <vector>

namespace apsp::cli {

/// @brief What identifies a bench row for scaling, and its time.
struct ScalingPoint {
  std::string backend;
  int block = 0;
  int n = 0;
  int gpus = 1;
  double median_ms = 0;
};

/// @brief Parallel efficiency t(1) / (g * t(g)) of every point against the one-GPU point of the same backend,
/// block and n (1 for that point itself); -1 where no such point exists or a time is not positive.
std::vector<double> parallel_efficiency(const std::vector<ScalingPoint>& points);

}  // namespace apsp::cli
