#include "bench_history.h"

#include <apsp/bench/sweep.h>
#include <apsp/bench/sweep_text.h>
#include <apsp/core/errors.h>
#include <apsp/io/atomic_file.h>
#include <apsp/io/output_paths.h>
#include <apsp/report/bench_json_writer.h>
#include <apsp/graph/generators.h>
#include <apsp/history/run_facts.h>
#include <apsp/history/runs_file.h>
#include <apsp/profile/profile.h>
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
    const BenchRun run{c.backend, bench::runs_on_gpu(c), c.block, c.gpus, std::string(to_string(c.dtype)),
                       threads, c.n, graph.to_string(), r.time.samples_ms};
    ProfileLog last;
    for (const PhaseSample& x : r.last_samples) last.add(x);
    RunRecord record = bench_run_record(run, last);
    set_phase_repeats(record, r.phases);
    records.push_back(std::move(record));
  }
  return records;
}

void write_bench_json(const std::string& path, const std::vector<RunRecord>& records, const bench::SweepReport& report) {
  AtomicFile f(output_path(path));
  f.write(bench_json(records, bench::sweep_export_context(report)));
  f.commit();
}

void refuse_bench_outputs(const std::vector<NamedPath>& outputs) {
  const NamedPath* on_stdout = nullptr;
  for (const NamedPath& out : outputs) {
    if (!is_stdout(out.path)) continue;
    if (on_stdout)
      throw UsageError(on_stdout->flag + " - and " + out.flag + " -: only one of them can go to standard output");
    on_stdout = &out;
  }
  refuse_clashing_paths({}, outputs);
}

}  // namespace apsp::cli
