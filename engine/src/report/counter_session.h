#pragma once
// The seam between the counter driver (counters.cpp: which phases, from which state, the report) and the one
// thing that reads hardware counters (cupti/cupti_session.cpp; no_cupti/ in builds without CUPTI). Tests give
// profile_phases() a fake session and a CPU solver to check, without a GPU, which ranges it opens.
#include <apsp/report/counters.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace apsp::counters::detail {

class CounterSession {
 public:
  virtual ~CounterSession() = default;
  /// @brief Runs the work of one range as many times as the metrics need: each pass calls @p prepare outside
  /// any range (it must bring the solver back to the same state), then @p run inside a range named @p name
  /// (run waits for its kernels). Returns the range's values in the order of the metrics it was opened with.
  virtual std::vector<double> measure(const std::string& name, const std::function<void()>& prepare,
                                      const std::function<void()>& run) = 0;
  /// @brief Passes one range needs (known after the first measure(); 0 before).
  virtual int passes() const = 0;
};

/// @brief Opens the counters of @p metrics on CUDA device @p device. Throws UnavailableError (built without
/// CUPTI, no permission, device not supported) or Error naming the CUPTI call that failed.
std::unique_ptr<CounterSession> open_counter_session(int device, const std::vector<std::string>& metrics);

/// @brief "built without CUPTI" in builds without it, else empty.
std::string counter_build_unavailable_reason();

/// @brief The driver behind collect_counters(), on a solver and a session the caller made: resets @p solver
/// with @p initial, steps it round by round, and measures each phase of the rounds @p request asks for in
/// @p session. Fills the report's phases and passes (the rest is the caller's).
void profile_phases(Solver& solver, const CounterRequest& request, const DistanceMatrix& initial,
                    CounterSession& session, const CounterProgress& progress, CounterReport& report);

}  // namespace apsp::counters::detail
