#include <apsp/solve/multi_gpu_bands.h>
#include <apsp/solve/solve_progress.h>

namespace apsp {

std::vector<int> reporting_devices(int n, int block, int gpus, DType dtype) {
  std::vector<int> out;
  if (gpus <= 1) return out;
  for (const GpuRowBand& b : multi_gpu_row_bands(n, block, gpus, dtype)) {
    if (!b.empty()) out.push_back(b.device);
  }
  return out;
}

SolveProgress::SolveProgress(const Solver& solver)
    : m_progress(reporting_devices(solver.n(), solver.options().block, solver.options().gpus, solver.options().dtype)) {}

int SolveProgress::update(Solver& solver) {
  solver.collect_timings(false);
  const std::vector<PhaseSample>& samples = solver.profile().samples();
  for (; m_seen < samples.size(); ++m_seen) m_progress.add(samples[m_seen]);
  return m_progress.rounds_done();
}

}  // namespace apsp
