// Fuzz target: the studio's settings file (load_settings). A malformed file must give the defaults with a
// warning, never throw or crash; whatever loads must satisfy the invariants load_settings promises.
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
    fuzz::require(s.block >= 1, "block < 1");
    fuzz::require(s.gpus >= 1, "gpus < 1");
  });
  return 0;
}
