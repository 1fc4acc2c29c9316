#include "bench_history.h"

#include <apsp/bench/sweep_records.h>

#include "cli_common.h"

namespace apsp::cli {

std::vector<std::string> record_bench_runs(const std::vector<RunRecord>& records, bool no_history) {
  std::vector<std::string> ids;
  for (const RunRecord& r : records) {
    const std::string id = record_run(r, no_history, "bench");
    ids.push_back(id.empty() ? "-" : id);
  }
  return ids;
}

std::vector<RunRecord> bench_records(const bench::SweepReport& report) {
  return bench::sweep_run_records(report, "bench");
}

}  // namespace apsp::cli
