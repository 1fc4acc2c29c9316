#include <apsp/profile/round_progress.h>

#include <algorithm>
#include <limits>

namespace apsp {

void RoundProgress::add(const PhaseSample& s) {
  if (s.round < 0 || !is_compute(s.phase)) return;
  m_ms[s.device] += s.ms;
  int& done = m_done[s.device];
  if (s.phase == Phase::Independent || s.phase == Phase::Full) done = std::max(done, s.round + 1);
}

int RoundProgress::rounds_done() const {
  if (m_devices.empty() && m_done.empty()) return 0;
  int least = std::numeric_limits<int>::max();
  if (m_devices.empty()) {
    for (const auto& [device, done] : m_done) least = std::min(least, done);
    return least;
  }
  for (int device : m_devices) {
    const auto it = m_done.find(device);
    least = std::min(least, it == m_done.end() ? 0 : it->second);
  }
  return least;
}

double RoundProgress::round_ms() const {
  double slowest = 0;
  for (const auto& [device, done] : m_done) {
    const auto it = m_ms.find(device);
    if (done > 0 && it != m_ms.end()) slowest = std::max(slowest, it->second / done);
  }
  return slowest;
}

}  // namespace apsp
