#include "ladder_counters.h"

#include <apsp/graph/generators.h>
#include <apsp/graph/graph.h>
#include <apsp/report/counters.h>

namespace apsp::cli {

std::vector<bench::LadderMeasured> ladder_counters(const bench::SweepReport& report, const std::string& rounds) {
  const counters::RoundSelection selection = counters::RoundSelection::parse(rounds, "--counters");
  std::vector<bench::LadderMeasured> measured;
  for (const bench::SweepResult& r : report.results) {
    const bench::SweepConfig& c = r.config;
    GeneratorSpec spec = GeneratorSpec::parse(report.spec.graph);
    spec.params["n"] = std::to_string(c.n);
    counters::CounterRequest request;
    request.backend = c.backend;
    request.options.block = c.block;
    request.options.dtype = c.dtype;
    request.options.cells_per_thread = report.spec.cells_per_thread;
    request.options.phase2 = report.spec.phase2;
    request.rounds = selection;
    const counters::CounterReport counted =
        counters::collect_counters(request, to_distance_matrix(generate(spec), c.block, c.dtype));
    double bytes = 0, ms = 0, occupancy_ms = 0;
    for (const counters::PhaseCounters& p : counted.phases) {
      bytes += p.dram_bytes();
      ms += p.kernel_ms;
      occupancy_ms += p.occupancy_pct / 100 * p.kernel_ms;
    }
    bench::LadderMeasured m;
    if (ms > 0) {
      m.dram_gb_per_s = bytes / (ms * 1e6);
      m.occupancy = occupancy_ms / ms;
    }
    measured.push_back(m);
  }
  return measured;
}

}  // namespace apsp::cli
