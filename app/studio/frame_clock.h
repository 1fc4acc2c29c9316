#pragma once
// The frame loop's clock: seconds since start, the time step, the frame rate, and for the statistics every
// frame-to-frame interval and each frame's own work while something moves (idle frames wait for input on
// purpose and are left out).
#include <chrono>
#include <cstddef>
#include <vector>

namespace apsp::studio {

class FrameClock {
 public:
  FrameClock();
  /// @brief Start of a frame; returns the seconds since the last one. @p active: playing or solving, so the
  /// interval (and the last frame's work) count for the statistics.
  double begin_frame(bool active);
  /// @brief Just before present: this frame's own work ends here (no wait for the display).
  void end_work();
  double seconds_since_start() const { return m_now_s; }
  float fps() const { return m_fps; }
  const std::vector<float>& frame_ms() const { return m_frame_ms; }
  const std::vector<float>& work_ms() const { return m_work_ms; }
  /// @brief Every frame begun so far, and those begun while nothing moved with the time they span: an idle
  /// window renders on input only (RunDriver), so these stay near zero frames per second.
  std::size_t frames() const { return m_frames; }
  std::size_t idle_frames() const { return m_idle_frames; }
  double idle_seconds() const { return m_idle_s; }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point m_start;
  Clock::time_point m_frame_start;
  double m_now_s = 0;
  double m_last_work_ms = 0;
  std::vector<float> m_frame_ms;  ///< every active frame's duration, for the exit summary and the stats
  std::vector<float> m_work_ms;   ///< the same frames without the wait for the display
  std::size_t m_frames = 0;
  std::size_t m_idle_frames = 0;
  double m_idle_s = 0;
  float m_fps = 0;
  float m_fps_accum = 0;
  int m_fps_frames = 0;
};

}  // namespace apsp::studio
