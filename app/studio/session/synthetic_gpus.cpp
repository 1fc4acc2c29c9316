#include "session/synthetic_gpus.h"

#include <algorithm>

#include "session/multi_gpu_stats.h"

namespace apsp::studio {

void SyntheticGpus::update(const SessionSnapshot& s) {
  if (!active() || s.version == m_version) return;
  m_version = s.version;
  const std::vector<GpuRowBand> bands = multi_gpu_row_bands(s.n, std::max(1, s.config.block), m_gpus, s.config.dtype);
  m_samples = synthesize_multi_gpu_samples(s.samples, bands, s.n, s.config.block);
}

}  // namespace apsp::studio
