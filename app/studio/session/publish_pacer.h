#pragma once
// The rhythm of a long job's snapshots: the time of the last one, and whether the host path's interval passed.
#include "session/publish_pacing.h"

namespace apsp::studio {

class PublishPacer {
 public:
  explicit PublishPacer(pacing::Clock::time_point start) : m_last(start) {}
  pacing::Clock::time_point last() const { return m_last; }
  bool interval_passed() const { return pacing::ms_since(m_last) > pacing::kPublishIntervalMs; }
  void published() { m_last = pacing::Clock::now(); }

 private:
  pacing::Clock::time_point m_last;
};

}  // namespace apsp::studio
