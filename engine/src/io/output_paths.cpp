#include <apsp/io/output_paths.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <apsp/core/errors.h>

#include <cerrno>
#include <filesystem>
#include <optional>
#include <system_error>
#include <utility>

namespace apsp {
namespace {

/// What makes two paths the same file: the inode where it exists, else where it would be created.
struct FileIdentity {
  std::optional<std::pair<dev_t, ino_t>> inode;
  std::string normalized;
  bool character_device = false;  // /dev/null, a terminal: writing replaces no file, so outputs may share one
  bool directory = false;
  bool write_protected = false;

  bool same_as(const FileIdentity& other) const {
    if (inode && other.inode) return *inode == *other.inode;
    return normalized == other.normalized;
  }
};

FileIdentity identity_of(const std::string& path) {
  FileIdentity id;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {  // follows links
    id.inode = std::make_pair(st.st_dev, st.st_ino);
    id.character_device = S_ISCHR(st.st_mode);
    id.directory = S_ISDIR(st.st_mode);
    id.write_protected = S_ISREG(st.st_mode) && is_write_protected(path);
  }
  if (!path.empty() && path.back() == '/') id.directory = true;  // names a directory, existing or not
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(ec ? std::filesystem::path(path) : absolute, ec);
  id.normalized = (ec ? absolute.lexically_normal() : canonical).string();
  return id;
}

bool names_standard_output_or_nothing(const std::string& path) { return path.empty() || path == "-"; }

}  // namespace

void refuse_clashing_paths(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs) {
  std::vector<std::pair<const NamedPath*, FileIdentity>> seen;  // inputs first, then each output in turn
  const auto check = [&seen](const NamedPath& named, bool is_output) {
    if (names_standard_output_or_nothing(named.path)) return;
    FileIdentity id = identity_of(named.path);
    if (id.character_device) return;
    if (is_output && id.directory)
      throw UsageError(named.flag + ": '" + named.path +
                       "' is a directory; an output must be a file, a FIFO, a character device or '-'");
    if (is_output && id.write_protected) throw UsageError(named.flag + ": " + write_protected_message(named.path));
    if (is_output) {
      for (const auto& [earlier, earlier_id] : seen) {
        if (!id.same_as(earlier_id)) continue;
        throw UsageError(named.flag + " and " + earlier->flag + " name the same file '" + named.path +
                         "'; one would overwrite the other");
      }
    }
    seen.emplace_back(&named, std::move(id));
  };
  for (const NamedPath& in : inputs) check(in, false);
  for (const NamedPath& out : outputs) check(out, true);
}

bool is_write_protected(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  if ((st.st_mode & 0222) == 0) return true;
  return ::faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) != 0 && errno == EACCES;
}

std::string write_protected_message(const std::string& path) {
  return path + ": is write-protected; remove it or chmod u+w to replace it";
}

void refuse_empty_output_path(const std::string& flag, const std::string& path) {
  if (path.empty()) throw UsageError(flag + ": empty file name (use '-' for standard output)");
}

}  // namespace apsp
