#pragma once
#include <string>

// Internal test hook for AtomicFile (engine/include/apsp/io/atomic_file.h).
namespace apsp::io_detail {

/// @brief false: AtomicFile takes its named-temporary fallback, as on a file system that refuses O_TMPFILE.
/// Returns the previous setting.
bool set_unnamed_temp_files_enabled(bool enabled);

/// @brief Told each durability step of a replace, in order: "sync file" (the temporary, before the rename),
/// "rename", "sync directory" (after it); with the target's path (the directory's for the last).
using DurabilityObserver = void (*)(const char* step, const std::string& path);
/// @brief Installs @p observer (nullptr: none); returns the previous one.
DurabilityObserver set_durability_observer(DurabilityObserver observer);

}  // namespace apsp::io_detail
