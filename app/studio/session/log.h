#pragma once
// The log panel's store. Worker threads append from anywhere; the UI copies it once per frame.
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace apsp::studio {

enum class LogLevel { Info, Warning, Error };

struct LogEntry {
  double time_s = 0;  ///< seconds since the app started
  LogLevel level = LogLevel::Info;
  std::string text;
};

class Log {
 public:
  Log();
  void info(std::string text) { add(LogLevel::Info, std::move(text)); }
  void warning(std::string text) { add(LogLevel::Warning, std::move(text)); }
  void error(std::string text) { add(LogLevel::Error, std::move(text)); }
  void add(LogLevel level, std::string text);

  std::vector<LogEntry> entries() const;
  /// @brief Changes whenever an entry is added or the log is cleared.
  std::uint64_t version() const;
  void clear();
  /// @brief A file was written: "wrote PATH (WHAT)" in the log, and the same line on stdout, so that a script
  /// (a headless run) learns what it got. WHAT says what the file is: "1280 x 720 screenshot".
  void wrote(const std::string& path, const std::string& what);
  /// @brief Also print every entry on stderr (--verbose).
  void set_echo(bool echo);
  /// @brief "[  1.23s] error: text" lines, for --log-file.
  std::string to_text() const;

 private:
  mutable std::mutex m_mutex;
  std::vector<LogEntry> m_entries;
  std::uint64_t m_version = 0;
  bool m_echo = false;
  double m_start = 0;
};

std::string_view to_string(LogLevel level);

}  // namespace apsp::studio
