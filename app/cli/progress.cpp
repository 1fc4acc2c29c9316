#include "progress.h"

#include <cstdio>
#include <unistd.h>

namespace apsp::cli {

namespace {
std::string_view kBarFill = "##############################";
constexpr int kBarWidth = 30;
// Short solves finish before a bar would be readable; only draw once this much time has passed.
constexpr double kShowAfterSeconds = 0.5;
}  // namespace

ProgressBar::ProgressBar(int total_rounds)
    : m_total(total_rounds), m_enabled(isatty(STDERR_FILENO) != 0), m_start(std::chrono::steady_clock::now()) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(int rounds_done) {
  if (!m_enabled || m_total <= 0) return;
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - m_start).count();
  if (elapsed < kShowAfterSeconds) return;
  if (m_drawn && std::chrono::duration<double>(now - m_last_draw).count() < 0.1 && rounds_done < m_total) return;
  m_last_draw = now;
  const double frac = static_cast<double>(rounds_done) / m_total;
  const int filled = static_cast<int>(frac * kBarWidth);
  const double eta = rounds_done > 0 ? elapsed / rounds_done * (m_total - rounds_done) : 0.0;
  std::fprintf(stderr, "\r[%.*s%*s] round %d/%d  elapsed %.1fs  ETA %.1fs ", filled, kBarFill.data(), kBarWidth - filled,
               "", rounds_done, m_total, elapsed, eta);
  std::fflush(stderr);
  m_drawn = true;
}

void ProgressBar::finish() {
  if (m_drawn) std::fputc('\n', stderr);
  m_drawn = false;
}

}  // namespace apsp::cli
