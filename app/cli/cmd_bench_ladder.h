#pragma once
// `apsp bench --ladder`, the optimization ladder on one graph (engine apsp/bench/ladder.h).
#include <apsp/bench/ladder.h>

#include <functional>
#include <string>
#include <vector>

#include "ladder_flags.h"

namespace apsp::cli {

/// @brief What `apsp bench --ladder` was asked (the bench flags it uses, as given).
struct LadderBenchRequest {
  std::string sizes;   ///< --n: exactly one n
  std::string blocks;  ///< --block: exactly one B (cuda-staged and cuda-blocked-vec always run B = 64)
  std::string dtypes;  ///< --dtype: exactly one
  std::string steps;   ///< --ladder-steps: a comma-separated subset; "" for all
  std::string graph;
  int repeat = 3;
  int warmup = 1;
  double min_time_s = 0;  ///< --min-time (SweepSpec::min_time_s)
  std::string csv;
  std::string json;  ///< --json: every timed run of every step (bench_history.h write_bench_json)
  std::string chart;
  bool no_history = false;
  LadderFlags flags;
  /// The seam for hardware counters (`--counters`, a CUPTI profiler): given the finished sweep, what the
  /// counters measured per result, in the report's order. Empty (the default): the measured DRAM GB/s and
  /// occupancy columns print "-".
  std::function<std::vector<bench::LadderMeasured>(const bench::SweepReport&)> counters;
};

/// @brief Runs the ladder and prints its table (and writes --csv / --chart). Returns the exit status; throws
/// UnavailableError (exit 2) without a CUDA device, UsageError for bad flags.
int run_bench_ladder(const LadderBenchRequest& request);

}  // namespace apsp::cli
