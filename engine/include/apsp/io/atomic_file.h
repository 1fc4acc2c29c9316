#pragma once
/// @file atomic_file.h
/// @brief Writes an export without ever destroying what stands at the path: a regular file is replaced
/// atomically (all or nothing), special files are written straight through, anything else is refused.
#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>

namespace apsp {

/// @brief One output file. What happens depends on what stands at @p path when it is constructed:
/// - nothing, or a regular file: the bytes go to an unnamed temporary file (O_TMPFILE) in the same
///   directory, which commit() links into place with one rename; without commit() (an exception, a kill,
///   Ctrl-C) nothing is left behind and the old file stays as it was. A replaced file keeps its permission
///   bits and, where the process may set them (root), its owner and group. The new bytes are synced to disk
///   before the rename and the directory after it, so even a power loss leaves the old file or the new one.
///   An existing file that has no write bit at all, or that this user may not write (access W_OK), is
///   write-protected: refused with UsageError, never replaced (as `cp` refuses; root included, for the first).
/// - a symbolic link: followed (chains too); its final target is created or replaced as above and the link
///   stays a link.
/// - a FIFO, a character device (a terminal, /dev/null) or one of this process's open descriptors
///   (/dev/stdout, /dev/fd/N, /proc/self/fd/N): written straight through, never replaced; a descriptor is
///   written through a duplicate, so its offset and append mode are kept.
/// - a directory, a block device, a socket or anything else under /proc: refused with UsageError.
/// Where the file system refuses O_TMPFILE, a named "<name>.tmp-XXXXXX" beside the target is used instead
/// (the name cut short so that long names still fit); it is removed on failure, and on SIGINT, SIGTERM or
/// SIGHUP while the program keeps their default action. Only SIGKILL can leave that one behind.
class AtomicFile {
 public:
  /// @brief Opens the destination; throws UsageError for a destination that must not be written, Error
  /// naming @p path when it cannot be opened.
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// @brief Appends bytes; throws Error naming the file on failure.
  void write(const void* data, std::size_t bytes);
  void write(const std::string& text) { write(text.data(), text.size()); }
  /// @brief Flushes and closes; a regular file is moved into place (one rename) only now.
  void commit();

 private:
  enum class Mode { Unnamed, Named, Through };
  /// The replaced file's permission bits and owner, given to its successor.
  struct OldFile {
    unsigned mode;
    unsigned uid;
    unsigned gid;
  };
  int open_temporary();
  void link_beside_target();
  void discard_temporary();
  void sync_directory();

  std::string m_path;    ///< as given, for messages
  std::string m_target;  ///< the file to create or replace (a symbolic link's final target)
  std::string m_temp;    ///< the temporary file's name while it has one
  Mode m_mode = Mode::Through;
  std::optional<OldFile> m_old;
  int m_guard = -1;  ///< handle of the signal-time cleanup of m_temp
  std::FILE* m_file = nullptr;
};

}  // namespace apsp
