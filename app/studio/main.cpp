// apsp-studio: the interactive heatmap and profiler of the blocked Floyd–Warshall algorithm.
#include <apsp/core/errors.h>
#include <apsp/core/stop_signal.h>

#include <cstdio>
#include <exception>

#include "app.h"
#include "options.h"
#include "run_driver.h"

int main(int argc, char** argv) {
  apsp::studio::StudioOptions options;
  if (auto status = apsp::studio::parse_options(argc, argv, options)) return *status;
  apsp::install_stop_signal_handlers();
  try {
    apsp::studio::App app(options);
    return apsp::studio::RunDriver(app, options).run();
  } catch (const std::exception& e) {
    // Anything that escaped the frame loop: one line, the engine's exit code convention.
    std::fprintf(stderr, "apsp-studio: %s\n", e.what());
    return apsp::exit_code(e);
  }
}
