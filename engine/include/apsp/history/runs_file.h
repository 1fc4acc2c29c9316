#pragma once
/// @file runs_file.h
/// @brief The runs file: JSON lines in the user's data directory, appended under an advisory lock and
/// never rewritten. A line that does not parse is skipped with a warning naming file:line.
#include <apsp/history/run_record.h>

#include <filesystem>
#include <string>
#include <vector>

namespace apsp {

/// @brief $XDG_DATA_HOME/apsp-studio/runs.jsonl, else $HOME/.local/share/apsp-studio/runs.jsonl.
std::filesystem::path runs_file_path();
/// @brief False when APSP_HISTORY is "off", "0", "no" or "false" (the environment's opt-out).
bool history_enabled_by_environment();

/// @brief Appends @p record as one line: creates the directory, opens with O_APPEND, holds flock(LOCK_EX)
/// for the single write. Throws apsp::Error naming the file when it cannot.
void append_run(const std::filesystem::path& path, const RunRecord& record);

/// @brief The records of a runs file and the lines it skipped.
struct RunsFile {
  std::vector<RunRecord> runs;        ///< in file order (oldest first)
  std::vector<std::string> warnings;  ///< "FILE:LINE: not a run record (why)"
};
/// @brief Reads @p path under a shared lock; a missing file has no runs.
RunsFile read_runs(const std::filesystem::path& path);

/// @brief The runs of a file a user names (a baseline kept beside a CI job): the history's JSON lines, or
/// (told apart by content) an `apsp bench --json` file. Throws apsp::InputError naming the file when it is
/// missing, of an unknown kind or holds no run.
RunsFile load_runs_file(const std::filesystem::path& path);

/// @brief The run whose id is @p id or starts with it ("last": the newest). Throws apsp::UsageError when
/// none or several match.
const RunRecord& find_run(const std::vector<RunRecord>& runs, const std::string& id);

/// @brief Appends @p record unless history is off; a failure comes back as a one-line warning ("" if none).
std::string try_append_run(const RunRecord& record, bool enabled);

}  // namespace apsp
