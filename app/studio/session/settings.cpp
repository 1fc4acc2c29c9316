#include "session/settings.h"

#include <apsp/core/fault_injection.h>
#include <apsp/core/json_number.h>
#include <apsp/core/option_limits.h>
#include <apsp/io/atomic_file.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "session/log.h"

namespace apsp::studio {

std::filesystem::path config_directory() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg && *xdg) return std::filesystem::path(xdg) / "apsp-studio";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::filesystem::path(home) / ".config" / "apsp-studio";
  return std::filesystem::path(".apsp-studio");
}

namespace {

/// An integer setting takes only numbers that fit (json_number.h; a plain cast of 1e300 was undefined behaviour,
/// found by tests/fuzz/fuzz_settings); others make the file unreadable, like a value of the wrong type.
int int_value(const nlohmann::json& j, const char* key, int fallback) {
  const auto it = j.find(key);
  if (it == j.end()) return fallback;
  try {
    return json_integer<int>(*it);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("'") + key + "': " + e.what());
  } catch (const std::out_of_range& e) {
    throw std::out_of_range(std::string("'") + key + "': " + e.what());
  }
}

// Far more than any settings file: a larger one is not ours, and is not read into memory.
constexpr off_t kMaxSettingsBytes = 1 << 20;

std::string describe_kind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

/// The settings file's text; nullopt (with one warning) when it is missing, unreadable or not a regular file.
/// Opened without blocking and checked on the open descriptor: a FIFO would otherwise hold the studio's start
/// until some writer came, and a device could be read forever.
std::optional<std::string> read_settings_text(const std::filesystem::path& path, Log& log) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    if (errno != ENOENT) log.warning(path.string() + ": ignoring the settings (" + std::strerror(errno) + ")");
    return std::nullopt;
  }
  std::optional<std::string> text;
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    log.warning(path.string() + ": ignoring the settings (" + std::strerror(errno) + ")");
  } else if (!S_ISREG(st.st_mode)) {
    log.warning(path.string() + ": ignoring the settings: " + describe_kind(st.st_mode) +
                ", not a regular file; starting on the defaults");
  } else if (st.st_size > kMaxSettingsBytes) {
    log.warning(path.string() + ": ignoring the settings: " + std::to_string(st.st_size) +
                " bytes, not a settings file");
  } else {
    text.emplace();
    char buf[4096];
    ssize_t got = 0;
    while ((got = ::read(fd, buf, sizeof buf)) > 0 && text->size() <= static_cast<std::size_t>(kMaxSettingsBytes))
      text->append(buf, static_cast<std::size_t>(got));
    if (got < 0) {
      log.warning(path.string() + ": ignoring the settings (" + std::strerror(errno) + ")");
      text.reset();
    }
  }
  ::close(fd);
  return text;
}

}  // namespace

bool config_file_usable(const std::filesystem::path& path, Log& log) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return true;  // missing: it will be created
  log.warning(path.string() + " is " + describe_kind(st.st_mode) + ", not a regular file; left alone");
  return false;
}

Settings load_settings(const std::filesystem::path& path, Log& log) {
  Settings s;
  const std::optional<std::string> text = read_settings_text(path, log);
  if (!text) return s;
  try {
    nlohmann::json j = nlohmann::json::parse(*text);
    if (!j.is_object()) throw std::invalid_argument("not a JSON object");
    // Missing keys keep their defaults, so files from older versions still load.
    s.graph_kind = j.value("graph_kind", s.graph_kind);
    s.graph = j.value("graph", s.graph);
    s.backend = j.value("backend", s.backend);
    s.block = int_value(j, "block", s.block);
    s.dtype = j.value("dtype", s.dtype);
    s.gpus = int_value(j, "gpus", s.gpus);
    s.colormap = j.value("colormap", s.colormap);
    s.window_width = int_value(j, "window_width", s.window_width);
    s.window_height = int_value(j, "window_height", s.window_height);
    s.rounds_per_second = j.value("rounds_per_second", s.rounds_per_second);
    s.overlays = j.value("overlays", s.overlays);
    s.grid = j.value("grid", s.grid);
    s.baseline_run = j.value("baseline_run", s.baseline_run);
    if (s.graph_kind != "gen" && s.graph_kind != "file") s.graph_kind = "gen";
    // A hand-edited or damaged file must not smuggle in what the flags refuse (option_limits.h).
    const Settings defaults;
    if (s.block < limits::kMinBlock || s.block > limits::kMaxBlock) s.block = defaults.block;
    if (s.gpus < 1 || s.gpus > limits::kMaxGpus) s.gpus = 1;
    if (!(s.rounds_per_second >= limits::kMinRoundsPerSecond && s.rounds_per_second <= limits::kMaxRoundsPerSecond))
      s.rounds_per_second = defaults.rounds_per_second;  // also NaN
    const bool default_size = s.window_width == 0 && s.window_height == 0;
    if (!default_size && (s.window_width < limits::kMinWindowSide || s.window_width > limits::kMaxWindowSide ||
                          s.window_height < limits::kMinWindowSide || s.window_height > limits::kMaxWindowSide)) {
      s.window_width = defaults.window_width;
      s.window_height = defaults.window_height;
    }
  } catch (const std::exception& e) {
    log.warning(path.string() + ": ignoring unreadable settings (" + e.what() + ")");
    return Settings{};
  }
  return s;
}

void save_settings(const std::filesystem::path& path, const Settings& s, Log& log) {
  try {
    if (fault_fires(FaultPoint::ConfigWrite))  // as create_directories() fails in a directory we may not write
      throw std::filesystem::filesystem_error("create_directories", path.parent_path(),
                                              std::make_error_code(std::errc::permission_denied));
    std::filesystem::create_directories(path.parent_path());
    if (!config_file_usable(path, log)) return;  // the writer would write into a FIFO, not replace it
    nlohmann::json j = {{"graph_kind", s.graph_kind},
                        {"graph", s.graph},
                        {"backend", s.backend},
                        {"block", s.block},
                        {"dtype", s.dtype},
                        {"gpus", s.gpus},
                        {"colormap", s.colormap},
                        {"window_width", s.window_width},
                        {"window_height", s.window_height},
                        {"rounds_per_second", s.rounds_per_second},
                        {"overlays", s.overlays},
                        {"grid", s.grid},
                        {"baseline_run", s.baseline_run}};
    AtomicFile file(path.string());
    file.write(j.dump(2) + "\n");
    file.commit();
  } catch (const std::exception& e) {
    log.warning("could not save settings: " + std::string(e.what()));
  }
}

}  // namespace apsp::studio
