#pragma once
// Where the studio's data files live (colormaps/, graphs/): one lookup for every reader, so the same binary finds
// them in a build tree, from scripts/run and after `cmake --install` or the .deb.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace apsp::studio {

/// @brief The environment variable that names a data directory ahead of every other place.
inline constexpr const char* kDataDirVariable = "APSP_DATA_DIR";

struct DataDirCandidate {
  std::filesystem::path path;
  std::string origin;  ///< why it is looked at: "APSP_DATA_DIR", "installed", "source tree"
};

struct DataDirLookup {
  std::optional<DataDirCandidate> found;   ///< the first candidate holding colormaps/ or graphs/
  std::vector<DataDirCandidate> searched;  ///< every candidate, in order, for the message when none fits
  /// @brief One log line: where the data files come from, or where they were looked for and what is missing.
  std::string describe() const;
};

/// @brief The candidates in order: @p override_dir (the environment's, when set and not empty), then
/// @p installed_relative (e.g. ../share/apsp-studio) from the directory of @p executable, then @p source_dir.
/// Empty paths are left out.
std::vector<DataDirCandidate> data_dir_candidates(const std::string& override_dir,
                                                  const std::filesystem::path& executable,
                                                  const std::filesystem::path& installed_relative,
                                                  const std::filesystem::path& source_dir);

/// @brief The first candidate that is a directory with a colormaps/ or graphs/ subdirectory.
DataDirLookup find_data_dir(const std::vector<DataDirCandidate>& candidates);

/// @brief This process's lookup, done once: $APSP_DATA_DIR, then beside the running executable, then the source
/// tree the program was built from.
const DataDirLookup& data_dir();

/// @brief RELATIVE (e.g. "graphs/ring12.txt") under this process's data directory when that file exists, else
/// empty.
std::filesystem::path data_file(const std::filesystem::path& relative);

}  // namespace apsp::studio
