#pragma once
// What persists between runs: a small JSON file in the user's config directory (next to ImGui's layout file).
#include <filesystem>
#include <string>

namespace apsp::studio {

class Log;

struct Settings {
  std::string graph_kind = "gen";  ///< "gen" (graph = generator spec) or "file" (graph = path)
  std::string graph;               ///< empty: the built-in demo graph
  std::string backend;             ///< empty: the registry's default
  int block = 32;
  std::string dtype = "i32";
  int gpus = 1;  ///< multi-GPU backends; more than this machine has falls back to 1
  std::string colormap = "viridis";
  int window_width = 0;  ///< 0: 1280x800 times the monitor's content scale
  int window_height = 0;
  float rounds_per_second = 4;
  bool overlays = true;
  bool grid = true;
  std::string baseline_run;  ///< the History panel's baseline run id ("" for none)
};

/// @brief $XDG_CONFIG_HOME/apsp-studio, else $HOME/.config/apsp-studio (not created here).
std::filesystem::path config_directory();

/// @brief Reads @p path; a missing file gives the defaults, a malformed one, or one that is not a regular file
/// (a FIFO, a directory, a device: never waited on), logs one warning and gives the defaults.
Settings load_settings(const std::filesystem::path& path, Log& log);

/// @brief Writes @p settings (creating the directory), through a temporary file; failures go to @p log. A path
/// that is not a regular file is left alone (one warning).
void save_settings(const std::filesystem::path& path, const Settings& settings, Log& log);

/// @brief Whether the studio may read and replace the config file @p path (settings.json, imgui.ini): missing or
/// a regular file. Otherwise (a FIFO would block its reader) logs one warning naming it and returns false.
bool config_file_usable(const std::filesystem::path& path, Log& log);

}  // namespace apsp::studio
