#pragma once
// Internal: removes named temporary files when SIGINT, SIGTERM or SIGHUP ends the process before they are
// renamed into place or removed (destructors do not run then). Only AtomicFile's fallback for file systems
// without O_TMPFILE, and the instant between linking an unnamed file and renaming it, leave a name to clean.
#include <string>

namespace apsp::io_detail {

/// @brief Until unguard_temp_file(), @p path is unlinked if SIGINT, SIGTERM or SIGHUP terminates the process.
/// Returns a handle for unguard_temp_file(), or -1 when the name could not be guarded (best effort: up to 32
/// names at a time).
/// @note The handlers are installed (once) only where the signal's action is still the default, and they
/// restore the default and re-raise, so the process ends exactly as it would have; a program that installs
/// its own handlers takes over (and must let destructors run).
int guard_temp_file(const std::string& path);

/// @brief Stops guarding (the file was renamed into place or removed); -1 is ignored.
void unguard_temp_file(int handle);

}  // namespace apsp::io_detail
