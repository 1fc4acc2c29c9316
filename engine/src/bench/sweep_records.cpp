#include <apsp/bench/sweep_records.h>
#include <apsp/graph/generators.h>
#include <apsp/history/run_facts.h>
#include <apsp/profile/profile.h>
#include <apsp/solve/ladder.h>

namespace apsp::bench {

void set_phase_repeats(RunRecord& record, const std::vector<PhaseFigures>& phases) {
  for (RunPhaseTotal& total : record.phases) {
    for (const PhaseFigures& p : phases) {
      if (to_string(p.phase) != total.phase) continue;
      total.ms = p.ms;
      total.samples_ms = p.samples_ms;
    }
  }
}

std::vector<RunRecord> sweep_run_records(const SweepReport& report, const std::string& source) {
  std::vector<RunRecord> records;
  for (const SweepResult& r : report.results) {
    const SweepConfig& c = r.config;
    GeneratorSpec graph = GeneratorSpec::parse(report.spec.graph);
    graph.params["n"] = std::to_string(c.n);
    RunDescription what;
    what.source = source;
    what.backend = c.backend;
    what.gpu_backend = runs_on_gpu(c);
    what.block = c.block;
    what.gpus = c.gpus;
    what.dtype = std::string(to_string(c.dtype));
    what.threads = c.threads;
    // The sweep's context, with what is this configuration's own: its threads, GPU clocks, sources, phase 2.
    what.context = report.context;
    what.context.threads_asked = c.threads;
    what.context.threads = resolved_threads(c.threads);
    what.context.gpu_clocks = r.gpu_clocks;
    what.context.sources = c.sparse() ? report.spec.sources : "";
    what.context.phase2 = phase2_of(c.backend, report.spec.phase2);
    what.n = c.n;
    what.graph = graph.to_string();
    ProfileLog last;  // the last timed run's rounds; the phases' medians and repeats replace its totals below
    for (const PhaseSample& x : r.last_samples) last.add(x);
    RunRecord record = make_run_record(what, last, 0);
    set_wall_times(record, r.time.samples_ms);
    set_phase_repeats(record, r.phases);
    record.edges = r.edges;
    records.push_back(std::move(record));
  }
  return records;
}

}  // namespace apsp::bench
