#include "session/log.h"

#include <chrono>
#include <cstdio>

namespace apsp::studio {
namespace {

double now_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

}  // namespace

Log::Log() : m_start(now_s()) {}

void Log::add(LogLevel level, std::string text) {
  std::lock_guard lock(m_mutex);
  LogEntry entry{now_s() - m_start, level, std::move(text)};
  if (m_echo) std::fprintf(stderr, "apsp-studio: %s: %s\n", std::string(to_string(level)).c_str(), entry.text.c_str());
  m_entries.push_back(std::move(entry));
  // Keep memory bounded while playing for hours; the oldest lines matter least.
  if (m_entries.size() > 5000) m_entries.erase(m_entries.begin(), m_entries.begin() + 1000);
  ++m_version;
}

std::vector<LogEntry> Log::entries() const {
  std::lock_guard lock(m_mutex);
  return m_entries;
}

std::uint64_t Log::version() const {
  std::lock_guard lock(m_mutex);
  return m_version;
}

void Log::clear() {
  std::lock_guard lock(m_mutex);
  m_entries.clear();
  ++m_version;
}

void Log::wrote(const std::string& path, const std::string& what) {
  std::string line = "wrote " + path + " (" + what + ")";
  {
    std::lock_guard lock(m_mutex);  // one line at a time, whichever thread wrote the file
    std::fprintf(stdout, "%s\n", line.c_str());
    std::fflush(stdout);
  }
  info(std::move(line));
}

void Log::set_echo(bool echo) {
  std::lock_guard lock(m_mutex);
  m_echo = echo;
}

std::string Log::to_text() const {
  std::lock_guard lock(m_mutex);
  std::string out;
  char prefix[48];
  for (const auto& e : m_entries) {
    std::snprintf(prefix, sizeof prefix, "[%8.3fs] %s: ", e.time_s, std::string(to_string(e.level)).c_str());
    out += prefix + e.text + "\n";
  }
  return out;
}

std::string_view to_string(LogLevel level) {
  switch (level) {
    case LogLevel::Info:
      return "info";
    case LogLevel::Warning:
      return "warning";
    case LogLevel::Error:
      return "error";
  }
  return "?";
}

}  // namespace apsp::studio
