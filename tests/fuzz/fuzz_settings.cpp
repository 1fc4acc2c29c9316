// Fuzz target: the studio's settings file (load_settings). A malformed file must give the defaults with a
// warning, never throw or crash; whatever loads must satisfy the invariants load_settings promises.
#include <apsp/core/option_limits.h>

#include "session/log.h"
#include "session/settings.h"

#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apsp;
  const std::string& path = fuzz::write_input(data, size, ".json");
  studio::Log log;
  fuzz::expect_only_apsp_errors([&] {
    const studio::Settings s = studio::load_settings(path, log);
    fuzz::require(s.graph_kind == "gen" || s.graph_kind == "file", "graph_kind is neither gen nor file");
    fuzz::require(s.block >= limits::kMinBlock && s.block <= limits::kMaxBlock, "block outside the flag's range");
    fuzz::require(s.gpus >= 1 && s.gpus <= limits::kMaxGpus, "gpus outside the flag's range");
    fuzz::require(s.rounds_per_second >= limits::kMinRoundsPerSecond &&
                      s.rounds_per_second <= limits::kMaxRoundsPerSecond,
                  "rounds_per_second outside the flag's range");
    fuzz::require((s.window_width == 0 && s.window_height == 0) ||
                      (s.window_width >= limits::kMinWindowSide && s.window_width <= limits::kMaxWindowSide &&
                       s.window_height >= limits::kMinWindowSide && s.window_height <= limits::kMaxWindowSide),
                  "window size outside the flag's range");
  });
  return 0;
}
