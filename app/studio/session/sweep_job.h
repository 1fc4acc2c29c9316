#pragma once
// A sweep (apsp/bench/sweep.h) as a background job (background_job.h): start, cancel (between solves), and a
// snapshot of where it stands that the Sweep window reads every frame.
#include <apsp/bench/sweep.h>

#include <optional>
#include <string>
#include <vector>

#include "session/background_job.h"

namespace apsp::studio {

/// @brief What the UI sees of a sweep.
struct SweepJobSnapshot {
  bool running = false;
  std::uint64_t generation = 0;  ///< counts started sweeps (a new one replaces the results)
  bench::SweepProgress progress;
  std::vector<bench::SweepResult> results;   ///< so far; the final ones (ratios, best) once finished
  std::optional<bench::SweepReport> report;  ///< set when the sweep ended (finished or cancelled)
  std::string error;                         ///< why it did not run (a bad spec), "" otherwise
};

class SweepJob : public BackgroundJob<SweepJobSnapshot> {
 public:
  using BackgroundJob::BackgroundJob;
  /// @brief Starts @p spec unless one is running (then returns false). A spec the sweep rejects ends at once
  /// with SweepJobSnapshot::error set.
  bool start(const bench::SweepSpec& spec);
};

}  // namespace apsp::studio
