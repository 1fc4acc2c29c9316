// Builds without CUPTI (no CUDA, or a toolkit without it): counters are unavailable, with the reason.
#include <apsp/core/errors.h>

#include "report/counter_session.h"

namespace apsp::counters::detail {

std::string counter_build_unavailable_reason() {
  return "this build has no CUPTI (hardware counters need CUDA and the toolkit's CUPTI at build time)";
}

std::unique_ptr<CounterSession> open_counter_session(int, const std::vector<std::string>&) {
  throw UnavailableError("hardware counters unavailable: " + counter_build_unavailable_reason());
}

}  // namespace apsp::counters::detail
