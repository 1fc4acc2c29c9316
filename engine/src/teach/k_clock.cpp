#include <apsp/teach/k_clock.h>

#include <algorithm>

namespace apsp::teach {

int phase_index(Phase p) {
  switch (p) {
    case Phase::PivotRowCol: return 1;
    case Phase::Independent: return 2;
    default: return 0;
  }
}

int phase_number(Phase p) { return p == Phase::Full ? 0 : phase_index(p) + 1; }

namespace {
Phase phase_of_index(bool blocked, int index) {
  if (!blocked) return Phase::Full;
  return index == 0 ? Phase::Pivot : index == 1 ? Phase::PivotRowCol : Phase::Independent;
}
}  // namespace

KClock::KClock(int n, int block, bool blocked)
    : m_n(n), m_block(std::max(1, block)), m_blocked(blocked), m_rounds(n > 0 ? (n + m_block - 1) / m_block : 0) {}

int KClock::k_count(int round) const { return std::min(m_block, m_n - round * m_block); }

std::int64_t KClock::round_start(int round) const {
  // Every round but the last has B k-steps per phase.
  const std::int64_t full = static_cast<std::int64_t>(std::min(round, m_rounds)) * phases_per_round() * m_block;
  if (round < m_rounds) return full;
  return static_cast<std::int64_t>(phases_per_round()) * m_n;
}

std::int64_t KClock::total() const { return static_cast<std::int64_t>(phases_per_round()) * m_n; }

std::int64_t KClock::position(const Cursor& c) const {
  // A run stopped by a negative cycle is finished at the end of the round that found it, not at the end.
  if (c.finished && c.round < m_rounds) return round_start(c.round);
  if (c.finished || c.round >= m_rounds) return total();
  return round_start(c.round) + static_cast<std::int64_t>(phase_index(c.phase)) * k_count(c.round) + c.k;
}

Cursor KClock::cursor_at(std::int64_t pos) const {
  pos = std::clamp<std::int64_t>(pos, 0, total());
  if (pos >= total()) return Cursor{m_rounds, phase_of_index(m_blocked, 0), 0, true};
  const int round = static_cast<int>(pos / (static_cast<std::int64_t>(phases_per_round()) * m_block));
  const std::int64_t offset = pos - round_start(round);
  const int kb = k_count(round);
  return Cursor{round, phase_of_index(m_blocked, static_cast<int>(offset / kb)), static_cast<int>(offset % kb), false};
}

std::int64_t KClock::phase_boundary_before(std::int64_t pos) const {
  if (pos <= 0) return 0;
  const Cursor c = cursor_at(pos - 1);  // the phase holding the k-step just before
  return (pos - 1) - c.k;
}

std::int64_t KClock::round_boundary_before(std::int64_t pos) const {
  if (pos <= 0) return 0;
  return round_start(cursor_at(pos - 1).round);
}

std::int64_t KClock::phase_end(std::int64_t pos) const {
  if (pos >= total()) return total();
  const Cursor c = cursor_at(pos);
  return pos - c.k + k_count(c.round);
}

}  // namespace apsp::teach
