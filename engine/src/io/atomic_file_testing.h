#pragma once
// Internal test hook for AtomicFile (engine/include/apsp/io/atomic_file.h).
namespace apsp::io_detail {

/// @brief false: AtomicFile takes its named-temporary fallback, as on a file system that refuses O_TMPFILE.
/// Returns the previous setting.
bool set_unnamed_temp_files_enabled(bool enabled);

}  // namespace apsp::io_detail
