#pragma once
// A hardware-counter profile (apsp/report/counters.h) as a background job (background_job.h), with a solver of
// its own: the session's solver and its timings are untouched, and the frame loop never waits (counters replay
// kernels and take seconds). Start, cancel (between phases), and a snapshot the Counters tab reads every frame.
#include <apsp/graph/graph.h>
#include <apsp/report/counters.h>

#include <memory>
#include <optional>
#include <string>

#include "session/background_job.h"

namespace apsp::studio {

/// @brief What the UI sees of a profile.
struct CountersJobSnapshot {
  bool running = false;
  std::uint64_t generation = 0;  ///< counts started profiles
  int done = 0;                  ///< phases profiled so far
  int total = 0;
  std::optional<counters::CounterReport> report;  ///< set when the last profile ended with counters
  std::string error;                              ///< why the last profile did not run or stopped, "" otherwise
};

class CountersJob : public BackgroundJob<CountersJobSnapshot> {
 public:
  using BackgroundJob::BackgroundJob;
  /// @brief Profiles @p graph with @p request unless a profile is running (then returns false).
  bool start(std::shared_ptr<const Graph> graph, counters::CounterRequest request);
};

}  // namespace apsp::studio
