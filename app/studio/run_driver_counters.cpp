// --counters ROUNDS in a batch run: the Counters tab's profile, scripted; --counters-csv its CSV.
#include <apsp/core/errors.h>
#include <apsp/core/stop_signal.h>

#include <chrono>
#include <cstdio>

#include "app.h"
#include "run_driver.h"
#include "session/counters_job.h"

namespace apsp::studio {

int RunDriver::run_counters_batch() {
  if (const std::string why = counters::counters_unavailable_reason(); !why.empty()) {
    m_app.commands().push(CmdProfileCounters{*m_options.counters});  // the log line and the tab's message
    m_app.frame();
    std::fprintf(stderr, "apsp-studio: --counters: hardware counters unavailable: %s\n", why.c_str());
    return exit_status::kUsage;
  }
  m_app.commands().push(CmdProfileCounters{*m_options.counters});
  m_app.frame();
  CountersJob& job = m_app.counters_job();
  if (job.snapshot().generation == 0) {  // refused before it began (no graph, the session busy): in the log
    std::fprintf(stderr, "apsp-studio: --counters: the profile did not start (the log says why)\n");
    return exit_status::kUsage;
  }
  while (!job.wait_for(std::chrono::milliseconds(100))) {
    if (stop_signal()) job.cancel();
  }
  m_app.frame();  // logs the end, shows the table
  const CountersJobSnapshot result = job.snapshot();
  if (!result.report) {
    std::fprintf(stderr, "apsp-studio: --counters: %s\n", result.error.c_str());
    return exit_status::kUsage;
  }
  if (!m_options.counters_csv.empty()) {
    try {
      m_app.export_counters_csv(m_options.counters_csv);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "apsp-studio: --counters-csv: %s\n", e.what());
      return exit_code(e);
    }
  }
  return 0;
}

}  // namespace apsp::studio
