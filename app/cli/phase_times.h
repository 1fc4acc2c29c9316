#pragma once
// The end-to-end phases of `apsp solve` (one process, or one rank of several): -v prints them, the run history
// keeps them (RunStage). One formatter, so that a rank's line and a single process's name the same phases.
#include <apsp/core/format.h>
#include <apsp/history/run_record.h>

#include <string>
#include <vector>

namespace apsp::cli {

struct PhaseTimes {
  double read_ms = 0, setup_ms = 0, build_ms = 0, upload_ms = 0, compute_ms = 0, download_ms = 0, write_ms = 0,
         wall_ms = 0;
  bool built_on_device = false;

  std::vector<RunStage> stages() const {
    return {{"read", read_ms},         {"set-up", setup_ms}, {built_on_device ? "build (device)" : "build", build_ms},
            {"upload", upload_ms},     {"compute", compute_ms},
            {"download", download_ms}, {"write", write_ms},
            {"end to end", wall_ms}};
  }

  /// "read 1.2 ms, set-up …, build (on the device) …, upload …, compute …, download …, write …" (no end to end:
  /// the callers say what overlaps first).
  std::string text() const {
    return "read " + format_duration_ms(read_ms) + ", set-up " + format_duration_ms(setup_ms) + ", build" +
           (built_on_device ? " (on the device) " : " ") + format_duration_ms(build_ms) + ", upload " +
           format_duration_ms(upload_ms) + ", compute " + format_duration_ms(compute_ms) + ", download " +
           format_duration_ms(download_ms) + ", write " + format_duration_ms(write_ms);
  }
};

}  // namespace apsp::cli
