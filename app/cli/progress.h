#pragma once
// A one-line progress bar on stderr (rounds done, elapsed, ETA), shown only when stderr is a terminal.
#include <chrono>

namespace apsp::cli {

class ProgressBar {
 public:
  explicit ProgressBar(int total_rounds);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  void update(int rounds_done);
  bool enabled() const { return m_enabled; }
  void finish();

 private:
  int m_total;
  bool m_enabled;
  bool m_drawn = false;
  std::chrono::steady_clock::time_point m_start;
  std::chrono::steady_clock::time_point m_last_draw;
};

}  // namespace apsp::cli
