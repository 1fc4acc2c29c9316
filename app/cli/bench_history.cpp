#include "bench_history.h"

#include <apsp/bench/sweep.h>
#include <apsp/graph/generators.h>
#include <apsp/history/run_facts.h>
#include <apsp/history/runs_file.h>
#include <apsp/profile/profile.h>
#include <apsp/solve/ladder.h>
#include <apsp/solve/registry.h>

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
  what.context = run.context;
  RunRecord record = make_run_record(what, last_profile, 0);
  set_wall_times(record, run.times_ms);
  return record;
}

void set_phase_repeats(RunRecord& record, const std::vector<bench::PhaseFigures>& phases) {
  for (RunPhaseTotal& total : record.phases) {
    for (const bench::PhaseFigures& p : phases) {
      if (to_string(p.phase) != total.phase) continue;
      total.ms = p.ms;
      total.samples_ms = p.samples_ms;
    }
  }
}

std::vector<std::string> record_bench_runs(const std::vector<RunRecord>& records, bool no_history) {
  std::vector<std::string> ids;
  for (const RunRecord& r : records) {
    const std::string id = record_run(r, no_history, "bench");
    ids.push_back(id.empty() ? "-" : id);
  }
  return ids;
}

std::vector<RunRecord> bench_records(const bench::SweepReport& report, int threads) {
  std::vector<RunRecord> records;
  for (const bench::SweepResult& r : report.results) {
    const bench::SweepConfig& c = r.config;
    GeneratorSpec graph = GeneratorSpec::parse(report.spec.graph);
    graph.params["n"] = std::to_string(c.n);
    BenchRun run{c.backend, bench::runs_on_gpu(c), c.block, c.gpus, std::string(to_string(c.dtype)),
                 threads, c.n, graph.to_string(), r.time.samples_ms};
    run.context = report.context;
    run.context.gpu_clocks = r.gpu_clocks;
    run.context.sources = c.sparse() ? report.spec.sources : "";
    run.context.phase2 = phase2_of(c.backend, report.spec.phase2);
    ProfileLog last;
    for (const PhaseSample& x : r.last_samples) last.add(x);
    RunRecord record = bench_run_record(run, last);
    set_phase_repeats(record, r.phases);
    records.push_back(std::move(record));
  }
  return records;
}


}  // namespace apsp::cli
