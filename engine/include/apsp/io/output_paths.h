#pragma once
/// @file output_paths.h
/// @brief Refuses, before anything is read or written, a command whose outputs would overwrite its input or
/// each other (`-o g.txt` on g.txt, `-o x.csv --timings-csv x.csv`): the later write would silently destroy
/// the earlier file; and an output that is a directory or a write-protected file, which would fail only after
/// all the work (and after the other outputs were written).
#include <string>
#include <vector>

namespace apsp {

/// @brief One file a command names: the flag that names it (for the message) and the path as given.
struct NamedPath {
  std::string flag;
  std::string path;
};

/// @brief Throws UsageError (one line naming both flags and the file) when two of @p outputs, or an output
/// and one of @p inputs, are the same file: by device and inode where the file exists (symbolic links
/// followed), else by normalized absolute path; and (one line naming the flag and the path) when an output
/// is a directory (or ends in '/'), which no writer could ever replace, or an existing write-protected file
/// (is_write_protected). Standard output ("-") and empty paths
/// are exempt (refuse an empty output with refuse_empty_output_path()). A FIFO with no reader is the writer's
/// to refuse (AtomicFile, when it opens it without blocking): a reader may still come before then.
void refuse_clashing_paths(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs);

/// @brief True when @p path is an existing regular file AtomicFile must not replace: one with no write bit at
/// all (protected even from root, for whom access() always succeeds, so the rule holds and is testable for
/// every user), or one this user may not write (access(W_OK), as `cp` decides). Symbolic links are followed.
bool is_write_protected(const std::string& path);

/// @brief The one-line refusal for a write-protected @p path (as the user named it).
std::string write_protected_message(const std::string& path);

/// @brief Throws UsageError naming @p flag when @p path is empty: `-o ''` would otherwise write nothing and
/// still succeed.
void refuse_empty_output_path(const std::string& flag, const std::string& path);

}  // namespace apsp
