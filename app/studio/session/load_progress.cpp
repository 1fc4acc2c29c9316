#include "session/load_progress.h"

#include <apsp/core/errors.h>
#include <apsp/core/format.h>

namespace apsp::studio {

using Clock = std::chrono::steady_clock;

double LoadStatus::done_ms() const {
  double ms = 0;
  for (const LoadStep& s : steps)
    if (s.done) ms += s.ms;
  return ms;
}

std::string describe_steps(const LoadStatus& status) {
  std::string text;
  for (const LoadStep& s : status.steps) {
    if (!s.done) continue;
    if (!text.empty()) text += ", ";
    text += s.name + " " + format_duration_ms(s.ms);
    if (s.bytes > 0) text += " (" + format_bytes(s.bytes) + ")";
  }
  return text;
}

std::string describe_load(const LoadStatus& status) {
  return describe_steps(status) + "; " + format_duration_ms(status.done_ms()) + " in all";
}

void LoadProgress::begin(std::string what) {
  std::lock_guard lock(m_mutex);
  m_status = LoadStatus{};
  m_status.what = std::move(what);
  m_status.running = true;
  m_status.started = m_status.step_started = Clock::now();
}

void LoadProgress::end_running_locked(Clock::time_point now) {
  if (m_status.steps.empty() || m_status.steps.back().done) return;
  LoadStep& s = m_status.steps.back();
  s.ms = std::chrono::duration<double, std::milli>(now - m_status.step_started).count();
  s.done = true;
}

void LoadProgress::plan(int steps) {
  std::lock_guard lock(m_mutex);
  if (m_status.running) m_status.planned = steps;
}

void LoadProgress::start(std::string name) {
  std::lock_guard lock(m_mutex);
  if (!m_status.running) return;
  const Clock::time_point now = Clock::now();
  end_running_locked(now);
  m_status.steps.push_back(LoadStep{std::move(name), 0, 0, false});
  m_status.step_started = now;
}

void LoadProgress::end_step(std::vector<LoadStep> parts) {
  std::lock_guard lock(m_mutex);
  if (!m_status.running) return;
  const Clock::time_point now = Clock::now();
  const bool was_running = !m_status.steps.empty() && !m_status.steps.back().done;
  end_running_locked(now);
  m_status.step_started = now;
  if (!was_running || parts.empty()) return;
  m_status.steps.pop_back();
  for (LoadStep& p : parts) {
    p.done = true;
    m_status.steps.push_back(std::move(p));
  }
}

void LoadProgress::finish() {
  std::lock_guard lock(m_mutex);
  end_running_locked(Clock::now());
  m_status.running = false;
}

LoadStatus LoadProgress::status() const {
  std::lock_guard lock(m_mutex);
  return m_status;
}

std::vector<LoadStep> reset_steps(const Solver::LoadTimes& times) {
  return {LoadStep{times.built_on_device ? "build on the device" : "build on the host", times.build_ms, 0, true},
          LoadStep{"upload", times.upload_ms, times.upload_bytes, true}};
}

}  // namespace apsp::studio
