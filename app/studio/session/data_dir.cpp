#include "session/data_dir.h"

#include <cstdlib>
#include <system_error>

namespace apsp::studio {
namespace {

bool is_data_dir(const std::filesystem::path& dir) {
  std::error_code ec;
  return std::filesystem::is_directory(dir / "colormaps", ec) || std::filesystem::is_directory(dir / "graphs", ec);
}

std::filesystem::path running_executable() {
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : exe;
}

}  // namespace

std::vector<DataDirCandidate> data_dir_candidates(const std::string& override_dir,
                                                  const std::filesystem::path& executable,
                                                  const std::filesystem::path& installed_relative,
                                                  const std::filesystem::path& source_dir) {
  std::vector<DataDirCandidate> out;
  if (!override_dir.empty()) out.push_back({override_dir, kDataDirVariable});
  if (!executable.empty() && !installed_relative.empty()) {
    out.push_back({(executable.parent_path() / installed_relative).lexically_normal(), "installed"});
  }
  if (!source_dir.empty()) out.push_back({source_dir, "source tree"});
  return out;
}

DataDirLookup find_data_dir(const std::vector<DataDirCandidate>& candidates) {
  DataDirLookup lookup;
  lookup.searched = candidates;
  for (const DataDirCandidate& c : candidates) {
    if (is_data_dir(c.path)) {
      lookup.found = c;
      break;
    }
  }
  return lookup;
}

std::string DataDirLookup::describe() const {
  std::string skipped;
  for (const DataDirCandidate& c : searched) {
    if (found && c.path == found->path && c.origin == found->origin) break;
    skipped += (skipped.empty() ? "" : ", ") + c.path.string() + " (" + c.origin + ")";
  }
  if (found) {
    std::string line = "data files: " + found->path.string() + " (" + found->origin + ")";
    // A variable that points nowhere is worth saying even when another place served.
    if (!skipped.empty() && searched.front().origin == kDataDirVariable) {
      line += "; " + std::string(kDataDirVariable) + "=" + searched.front().path.string() +
              " has no colormaps/ or graphs/";
    }
    return line;
  }
  return "no data directory found (looked in " + (skipped.empty() ? std::string("no place") : skipped) +
         "): colormaps come from the built-in copies and the file lessons are left out of the Lessons menu; set " +
         kDataDirVariable + " to a directory holding colormaps/ and graphs/";
}

const DataDirLookup& data_dir() {
  static const DataDirLookup lookup = [] {
    const char* env = std::getenv(kDataDirVariable);
#ifdef APSP_STUDIO_SOURCE_DATA_DIR
    const std::filesystem::path source = APSP_STUDIO_SOURCE_DATA_DIR;
#else
    const std::filesystem::path source;
#endif
#ifdef APSP_STUDIO_INSTALLED_DATA_DIR
    const std::filesystem::path installed = APSP_STUDIO_INSTALLED_DATA_DIR;
#else
    const std::filesystem::path installed;
#endif
    return find_data_dir(data_dir_candidates(env ? env : "", running_executable(), installed, source));
  }();
  return lookup;
}

std::filesystem::path data_file(const std::filesystem::path& relative) {
  const DataDirLookup& lookup = data_dir();
  if (!lookup.found) return {};
  std::error_code ec;
  std::filesystem::path path = lookup.found->path / relative;
  return std::filesystem::is_regular_file(path, ec) ? path : std::filesystem::path();
}

}  // namespace apsp::studio
