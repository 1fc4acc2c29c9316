#include <apsp/core/errors.h>
#include <apsp/teach/time_travel.h>

#include <algorithm>
#include <cstring>

namespace apsp::teach {

TimeTravel::TimeTravel(Solver& solver, std::function<DistanceMatrix()> make_initial, std::uint64_t budget_bytes)
    : m_solver(solver), m_make_initial(std::move(make_initial)), m_budget(budget_bytes) {
  restart();
}

TimeTravel::TimeTravel(Solver& solver, std::shared_ptr<const Graph> graph, std::uint64_t budget_bytes)
    : m_solver(solver), m_graph(std::move(graph)), m_budget(budget_bytes) {
  // Only where the input's values are read on the host (round 0 with a tracked Π, small graphs) is it built.
  m_make_initial = [&solver, graph = m_graph] {
    return to_distance_matrix(*graph, solver.options().block, solver.options().dtype);
  };
  restart();
}

void TimeTravel::restart() {
  m_clock = KClock(m_solver.n(), m_solver.options().block, m_solver.blocked());
  m_history.clear();
  m_current = 0;
  m_checkpoints.clear();
  m_spare.clear();
  m_recent_round[0] = m_recent_round[1] = -1;
  m_start = m_solver.cursor();
  maybe_checkpoint();
}

std::uint64_t TimeTravel::matrix_bytes() const {
  return DistanceMatrix::required_bytes(m_solver.n(), m_solver.options().block, m_solver.options().dtype);
}

std::size_t TimeTravel::checkpoint_count() const {
  return m_checkpoints.size() + (m_recent_round[0] >= 0 ? 1 : 0) + (m_recent_round[1] >= 0 ? 1 : 0);
}

std::uint64_t TimeTravel::checkpoint_bytes() const { return matrix_bytes() * checkpoint_count(); }

const DistanceMatrix* TimeTravel::held(int round) const {
  if (round < 0) return nullptr;
  for (int s = 0; s < 2; ++s)
    if (m_recent_round[s] == round) return &m_recent[s];
  const auto it = m_checkpoints.find(round);
  return it != m_checkpoints.end() ? &it->second : nullptr;
}

DistanceMatrix TimeTravel::take_spare() {
  if (m_spare.empty()) return DistanceMatrix();
  DistanceMatrix m = std::move(m_spare.back());
  m_spare.pop_back();
  return m;
}

std::optional<StepRecord> TimeTravel::last_step() const {
  if (m_current == 0) return std::nullopt;
  return m_history[m_current - 1];
}

StepResult TimeTravel::step(Granularity g) {
  m_history.resize(m_current);
  StepRecord record{g, m_solver.cursor(), m_solver.cursor()};
  try {
    const StepResult result = m_solver.step(g);
    record.after = result.after;
    m_history.push_back(record);
    m_current = m_history.size();
    maybe_checkpoint();
    return result;
  } catch (const NegativeCycleError&) {
    record.after = m_solver.cursor();
    m_history.push_back(record);
    m_current = m_history.size();
    throw;
  }
}

void TimeTravel::back(int count, TravelUnit unit) {
  std::int64_t target = position();
  for (int c = 0; c < count && target > 0; ++c) {
    switch (unit) {
      case TravelUnit::KStep: target -= 1; break;
      case TravelUnit::Phase: target = m_clock.phase_boundary_before(target); break;
      case TravelUnit::Round: target = m_clock.round_boundary_before(target); break;
    }
  }
  if (target == position()) return;
  // A recorded state at the target: go there and keep the steps ahead of it (the slider can return).
  std::size_t before = 0;  // the last recorded state before the target
  for (std::size_t s = 0; s <= m_current; ++s) {
    const Cursor at = s == 0 ? m_start : m_history[s - 1].after;
    const std::int64_t p = m_clock.position(at);
    if (p == target) {
      seek(s);
      return;
    }
    if (p < target) before = s;
  }
  move_to(target);
  const Granularity g = unit == TravelUnit::KStep ? Granularity::KStep
                        : unit == TravelUnit::Phase ? Granularity::Phase
                                                    : Granularity::Round;
  const Cursor from = before == 0 ? m_start : m_history[before - 1].after;
  m_history.resize(before);
  m_history.push_back(StepRecord{g, from, m_solver.cursor()});
  m_current = m_history.size();
}

void TimeTravel::seek(std::size_t index) {
  if (index > m_history.size()) throw UsageError("time travel: step " + std::to_string(index) + " was not taken");
  const Cursor at = index == 0 ? m_start : m_history[index - 1].after;
  move_to(m_clock.position(at));
  m_current = index;
}

void TimeTravel::move_to(std::int64_t target) {
  target = std::clamp<std::int64_t>(target, 0, m_clock.total());
  if (target < position()) {
    restore_round(restore_round_for(target));
  }
  advance_to(target);
}

int TimeTravel::restore_round_for(std::int64_t target) const {
  int round = m_clock.cursor_at(target).round;
  if (target >= m_clock.total()) round = m_clock.rounds() - 1;
  // The nearest checkpoint at or before the target's round (a tracked Π cannot be restored: from round 0).
  int from = 0;
  if (!m_solver.tracks_predecessors()) {
    for (auto it = m_checkpoints.begin(); it != m_checkpoints.end() && it->first <= round; ++it) from = it->first;
    for (int r : m_recent_round)
      if (r <= round) from = std::max(from, r);
  }
  return from;
}

std::uint64_t TimeTravel::round_start_cost(int round) const {
  if (held(round)) return 0;
  const std::int64_t here = position();
  const std::int64_t there = m_clock.round_start(round);
  // There (a restore and a replay, or steps forward), then back here the same way.
  std::int64_t steps = there >= here ? there - here : there - m_clock.round_start(restore_round_for(there));
  steps += here - m_clock.round_start(restore_round_for(here));
  const std::uint64_t n = static_cast<std::uint64_t>(m_solver.n());
  return static_cast<std::uint64_t>(std::max<std::int64_t>(steps, 0)) * n * n;
}

void TimeTravel::restore_round(int round) {
  if (const DistanceMatrix* state = held(round); state && !m_solver.tracks_predecessors()) {
    m_solver.restore(*state, round);
    return;
  }
  if (round != 0) throw Error("time travel: no checkpoint for round " + std::to_string(round));
  if (m_graph)
    m_solver.reset(*m_graph);
  else
    m_solver.reset(m_make_initial());
}

void TimeTravel::advance_to(std::int64_t target) {
  while (position() < target && !m_solver.finished()) {
    const std::int64_t pos = position();
    const Cursor c = m_solver.cursor();
    Granularity g = Granularity::KStep;
    const bool round_start = c.k == 0 && c.phase == (m_solver.blocked() ? Phase::Pivot : Phase::Full);
    if (round_start && m_clock.round_start(c.round + 1) <= target)
      g = Granularity::Round;
    else if (c.k == 0 && m_clock.phase_end(pos) <= target)
      g = Granularity::Phase;
    m_solver.step(g);
    maybe_checkpoint();
  }
}

void TimeTravel::maybe_checkpoint() {
  const Cursor c = m_solver.cursor();
  if (!m_solver.loaded() || m_solver.n() == 0 || c.finished || c.k != 0) return;
  if (c.phase != (m_solver.blocked() ? Phase::Pivot : Phase::Full)) return;
  const std::uint64_t bytes = matrix_bytes();
  if (bytes * 4 > m_budget || held(c.round)) return;
  // The older of the two recent buffers takes this round start (read_state reuses its allocation).
  const int slot = m_recent_round[0] <= m_recent_round[1] ? 0 : 1;
  m_solver.read_state(m_recent[slot]);
  m_recent_round[slot] = c.round;
  const std::uint64_t fit = m_budget / bytes;
  const int rounds = m_clock.rounds();
  const int spacing = std::max<int>(1, static_cast<int>((rounds + static_cast<std::int64_t>(fit) - 3) /
                                                        std::max<std::int64_t>(1, static_cast<std::int64_t>(fit) - 2)));
  if (c.round % spacing != 0 || m_checkpoints.count(c.round)) return;
  DistanceMatrix copy = take_spare();
  if (copy.storage_bytes() == m_recent[slot].storage_bytes() && copy.n() == m_recent[slot].n())
    std::memcpy(copy.data(), m_recent[slot].data(), copy.storage_bytes());
  else
    copy = m_recent[slot];
  m_checkpoints.emplace(c.round, std::move(copy));
  thin_checkpoints();
}

void TimeTravel::thin_checkpoints() {
  const int keep = m_solver.cursor().round;
  while (checkpoint_bytes() > m_budget) {
    std::vector<int> rounds;
    for (const auto& [r, m] : m_checkpoints)
      if (r != keep) rounds.push_back(r);
    if (rounds.empty()) return;
    for (std::size_t s = 0; s < rounds.size(); s += 2) {
      auto it = m_checkpoints.find(rounds[s]);
      m_spare.push_back(std::move(it->second));
      m_checkpoints.erase(it);
    }
  }
}

std::vector<std::int32_t> TimeTravel::values_at_round_start(int round, const std::vector<std::pair<int, int>>& cells) {
  std::vector<std::int32_t> values;
  values.reserve(cells.size());
  const RangePolicy& policy = m_solver.range_policy();
  if (const DistanceMatrix* state = held(round)) {
    for (const auto& [a, b] : cells) values.push_back(policy.normalize(state->get(a, b)));
    return values;
  }
  if (round == 0 && m_solver.tracks_predecessors()) {
    const DistanceMatrix initial = m_make_initial();
    for (const auto& [a, b] : cells) values.push_back(policy.normalize(initial.get(a, b)));
    return values;
  }
  // Go to the round's start, read, and come back: exact at any n, at the cost of the replays.
  const std::int64_t here = position();
  move_to(m_clock.round_start(round));
  for (const auto& [a, b] : cells) values.push_back(m_solver.value_at(a, b));
  move_to(here);
  return values;
}

}  // namespace apsp::teach
