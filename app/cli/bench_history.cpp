#include "bench_history.h"

#include <apsp/history/run_facts.h>
#include <apsp/history/runs_file.h>
#include <apsp/profile/profile.h>

#include "cli_common.h"

namespace apsp::cli {

RunRecord bench_run_record(const BenchRun& run, const ProfileLog& last_profile) {
  RunDescription what;
  what.source = "bench";
  what.backend = run.backend;
  what.gpu_backend = run.gpu_backend;
  what.block = run.block;
  what.gpus = run.gpus;
  what.dtype = run.dtype;
  what.threads = run.threads;
  what.n = run.n;
  what.graph = run.graph;
  RunRecord record = make_run_record(what, last_profile, 0);
  set_wall_times(record, run.times_ms);
  return record;
}

std::vector<std::string> record_bench_runs(const std::vector<RunRecord>& records, bool no_history) {
  std::vector<std::string> ids;
  for (const RunRecord& r : records) {
    const std::string id = record_run(r, no_history, "bench");
    ids.push_back(id.empty() ? "-" : id);
  }
  return ids;
}

}  // namespace apsp::cli
