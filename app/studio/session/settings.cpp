#include "session/settings.h"

#include <apsp/core/fault_injection.h>
#include <apsp/io/atomic_file.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "session/log.h"

namespace apsp::studio {

std::filesystem::path config_directory() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg && *xdg) return std::filesystem::path(xdg) / "apsp-studio";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::filesystem::path(home) / ".config" / "apsp-studio";
  return std::filesystem::path(".apsp-studio");
}

Settings load_settings(const std::filesystem::path& path, Log& log) {
  Settings s;
  std::ifstream in(path);
  if (!in) return s;
  try {
    nlohmann::json j = nlohmann::json::parse(in);
    // Missing keys keep their defaults, so files from older versions still load.
    s.graph_kind = j.value("graph_kind", s.graph_kind);
    s.graph = j.value("graph", s.graph);
    s.backend = j.value("backend", s.backend);
    s.block = j.value("block", s.block);
    s.dtype = j.value("dtype", s.dtype);
    s.gpus = j.value("gpus", s.gpus);
    s.colormap = j.value("colormap", s.colormap);
    s.window_width = j.value("window_width", s.window_width);
    s.window_height = j.value("window_height", s.window_height);
    s.rounds_per_second = j.value("rounds_per_second", s.rounds_per_second);
    s.overlays = j.value("overlays", s.overlays);
    s.grid = j.value("grid", s.grid);
    if (s.graph_kind != "gen" && s.graph_kind != "file") s.graph_kind = "gen";
    if (s.block < 1) s.block = 32;
    if (s.gpus < 1) s.gpus = 1;
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
                        {"grid", s.grid}};
    AtomicFile file(path.string());
    file.write(j.dump(2) + "\n");
    file.commit();
  } catch (const std::exception& e) {
    log.warning("could not save settings: " + std::string(e.what()));
  }
}

}  // namespace apsp::studio
