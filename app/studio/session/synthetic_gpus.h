#pragma once
// The studio's test hooks, in one place. Flags (options.h, StudioOptions::test): --synthetic-gpus N, --gui-open
// FILE, --gui-screenshot, --frames N; the run driver acts on the last three the way a user would (the Open
// button, F12, closing the window). --synthetic-gpus is the one that reaches the UI, through this type: the
// heatmap's band tint and the per-GPU plots show N GPUs, the plots from samples made up from the real ones
// (synthesize_multi_gpu_samples); exports keep the real samples. No GL.
#include <apsp/profile/profile.h>

#include <cstdint>
#include <vector>

#include "session/solver_session.h"

namespace apsp::studio {

class SyntheticGpus {
 public:
  SyntheticGpus() = default;
  explicit SyntheticGpus(int gpus) : m_gpus(gpus) {}
  /// @brief Whether the hook is on (N >= 2).
  bool active() const { return m_gpus > 1; }
  int gpus() const { return m_gpus; }
  /// @brief The made-up samples of the last update().
  const std::vector<PhaseSample>& samples() const { return m_samples; }
  /// @brief Remakes the samples when @p session is a new snapshot (cheap otherwise).
  void update(const SessionSnapshot& session);

 private:
  int m_gpus = 0;
  std::vector<PhaseSample> m_samples;
  std::uint64_t m_version = ~std::uint64_t{0};
};

}  // namespace apsp::studio
