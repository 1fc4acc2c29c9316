#include "frame_clock.h"

namespace apsp::studio {

FrameClock::FrameClock() : m_start(Clock::now()), m_frame_start(m_start) {}

double FrameClock::begin_frame(bool active) {
  const Clock::time_point now = Clock::now();
  const double dt = std::chrono::duration<double>(now - m_frame_start).count();
  m_frame_start = now;
  m_now_s = std::chrono::duration<double>(now - m_start).count();
  ++m_frames;
  if (!active) {
    ++m_idle_frames;
    m_idle_s += dt;
  }
  if (active && m_frame_ms.size() < 1'000'000) m_frame_ms.push_back(static_cast<float>(dt * 1000.0));
  if (active && m_work_ms.size() < m_frame_ms.size() && m_last_work_ms > 0) {
    m_work_ms.push_back(static_cast<float>(m_last_work_ms));
  }
  m_fps_accum += static_cast<float>(dt);
  if (++m_fps_frames >= 20) {
    m_fps = m_fps_accum > 0 ? static_cast<float>(m_fps_frames) / m_fps_accum : 0;
    m_fps_accum = 0;
    m_fps_frames = 0;
  }
  return dt;
}

void FrameClock::end_work() {
  m_last_work_ms = std::chrono::duration<double, std::milli>(Clock::now() - m_frame_start).count();
}

}  // namespace apsp::studio
