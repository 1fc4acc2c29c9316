// Exports never destroy what stands at the path; the rules per kind of destination are in atomic_file.h.
#include <apsp/core/errors.h>
#include <apsp/core/fault_injection.h>
#include <apsp/io/atomic_file.h>
#include <apsp/io/output_paths.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file_testing.h"
#include "temp_file_guard.h"

namespace apsp {

namespace {
std::atomic<bool> g_unnamed_enabled{true};
std::atomic<io_detail::DurabilityObserver> g_durability_observer{nullptr};

void observe(const char* step, const std::string& path) {
  if (const io_detail::DurabilityObserver observer = g_durability_observer.load()) observer(step, path);
}

/// fsync, where the file system supports it (EINVAL: a file system that cannot sync has nothing to wait for).
int sync_descriptor(int fd) {
  if (::fsync(fd) == 0 || errno == EINVAL) return 0;
  return errno;
}

std::string errno_text(int e) { return std::strerror(e); }

mode_t current_umask() {
  // umask can only be read by setting it; restore immediately. Only the named fallback needs it (the
  // kernel applies it to O_TMPFILE itself).
  const mode_t m = ::umask(0);
  ::umask(m);
  return m;
}

std::string dir_of(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// "<dir>/<name>.tmp-" for @p target, the name cut (never inside a UTF-8 character) so that six more
/// characters still fit NAME_MAX: a 250-character target name must not fail for the temporary's sake.
std::string temp_prefix(const std::string& target) {
  constexpr std::size_t kSuffix = sizeof(".tmp-XXXXXX") - 1;
  const std::string dir_part = target.substr(0, target.size() - base_of(target).size());
  std::string name = base_of(target);
  if (name.size() > NAME_MAX - kSuffix) {
    std::size_t cut = NAME_MAX - kSuffix;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    name.resize(cut);
  }
  return dir_part + name + ".tmp-";
}

std::string random_suffix() {
  thread_local std::mt19937_64 rng{std::random_device{}() ^ (static_cast<std::uint64_t>(::getpid()) << 20)};
  static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::uint64_t r = rng();
  std::string s(6, 'x');
  for (char& c : s) {
    c = kAlphabet[r % 62];
    r /= 62;
  }
  return s;
}

const char* describe(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
  throw UsageError(path + ": " + why +
                   " (an export writes a regular file, a FIFO, a character device or an open descriptor)");
}

enum class Kind { File, Through, Descriptor };

/// What the bytes go to, decided before anything is opened.
struct Destination {
  Kind kind = Kind::File;
  std::string path;  ///< File: the file to create or replace; Through: the special file
  bool exists = false;
  struct stat st {};
  int fd = -1;  ///< Descriptor: this process's descriptor
};

bool is_under_proc(const std::string& dir) {
  char* real = ::realpath(dir.c_str(), nullptr);
  if (!real) return false;
  const bool under = std::strcmp(real, "/proc") == 0 || std::strncmp(real, "/proc/", 6) == 0;
  std::free(real);
  return under;
}

/// /proc/self/fd/N and friends (what /dev/stdout and /dev/fd/N lead to) are magic links to an open file:
/// write through this process's own descriptor N, and refuse anything else under /proc.
Destination proc_destination(const std::string& user_path, const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw Error(user_path + ": " + errno_text(errno));
  const std::string name = base_of(path);
  int fd = -1;
  const auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), fd);
  struct stat open_st {};
  const bool own = ec == std::errc() && end == name.data() + name.size() && ::fstat(fd, &open_st) == 0 &&
                   open_st.st_dev == st.st_dev && open_st.st_ino == st.st_ino;
  if (!own) refuse(user_path, "lies under /proc and is not one of this program's open descriptors");
  if (S_ISDIR(st.st_mode)) refuse(user_path, "is a directory");
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY) refuse(user_path, "is a descriptor open for reading only");
  Destination d;
  d.kind = Kind::Descriptor;
  d.path = path;
  d.exists = true;
  d.st = st;
  d.fd = fd;
  return d;
}

std::string link_target(const std::string& link, const std::string& user_path) {
  std::string target(PATH_MAX, '\0');
  const ssize_t len = ::readlink(link.c_str(), target.data(), target.size());
  if (len < 0 || static_cast<std::size_t>(len) >= target.size())
    throw Error(user_path + ": cannot read the symbolic link " + link + ": " +
                errno_text(len < 0 ? errno : ENAMETOOLONG));
  target.resize(static_cast<std::size_t>(len));
  if (target.empty() || target[0] == '/') return target;
  return link.substr(0, link.size() - base_of(link).size()) + target;  // relative to the link's directory
}

Destination resolve(const std::string& user_path) {
  if (user_path.empty()) throw UsageError("empty output file name");
  std::string path = user_path;
  for (int hops = 0; hops <= 40; ++hops) {  // 40: the kernel's own limit on a chain of links
    if (is_under_proc(dir_of(path))) return proc_destination(user_path, path);
    Destination d;
    d.path = path;
    if (::lstat(path.c_str(), &d.st) != 0) {
      if (errno != ENOENT) throw Error(user_path + ": " + errno_text(errno));
      if (base_of(path).empty()) refuse(user_path, "names a directory that does not exist");
      return d;  // a new file (a dangling link's target included); a missing directory fails on opening
    }
    if (S_ISLNK(d.st.st_mode)) {
      path = link_target(path, user_path);
      continue;
    }
    d.exists = true;
    if (S_ISREG(d.st.st_mode)) return d;
    if (S_ISFIFO(d.st.st_mode) || S_ISCHR(d.st.st_mode)) {
      d.kind = Kind::Through;
      return d;
    }
    refuse(user_path, std::string("is ") + describe(d.st.st_mode));
  }
  throw Error(user_path + ": too many levels of symbolic links");
}
}  // namespace

namespace io_detail {
bool set_unnamed_temp_files_enabled(bool enabled) { return g_unnamed_enabled.exchange(enabled); }
DurabilityObserver set_durability_observer(DurabilityObserver observer) {
  return g_durability_observer.exchange(observer);
}
}  // namespace io_detail

AtomicFile::AtomicFile(std::string path) : m_path(std::move(path)) {
  const Destination d = resolve(m_path);
  int fd = -1;
  if (d.kind == Kind::Descriptor) {
    fd = ::fcntl(d.fd, F_DUPFD_CLOEXEC, 0);
    if (fd < 0)
      throw Error(m_path + ": cannot duplicate descriptor " + std::to_string(d.fd) + ": " + errno_text(errno));
  } else if (d.kind == Kind::Through) {
    // Non-blocking open: a FIFO nobody reads would otherwise hold the export (and in the studio the thread doing
    // it) until a reader came. The writes below block again, as a shell redirection's do.
    fd = ::open(d.path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0 && errno == ENXIO)
      throw UsageError(m_path + ": a FIFO with no reader; start the program that reads it first");
    if (fd < 0) throw Error(m_path + ": cannot open for writing: " + errno_text(errno));
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
      const int e = errno;
      ::close(fd);
      throw Error(m_path + ": cannot open for writing: " + errno_text(e));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) {
      ::close(fd);
      throw Error(m_path + ": changed while it was being opened");
    }
  } else {
    m_target = d.path;
    if (d.exists && is_write_protected(m_target)) throw UsageError(write_protected_message(m_path));
    if (d.exists) m_old = OldFile{d.st.st_mode & 07777u, d.st.st_uid, d.st.st_gid};
    fd = open_temporary();
  }
  m_file = ::fdopen(fd, "wb");
  if (!m_file) {
    const int e = errno;
    ::close(fd);
    discard_temporary();
    throw Error(m_path + ": cannot open for writing: " + errno_text(e));
  }
}

int AtomicFile::open_temporary() {
  const std::string dir = dir_of(m_target);
  int fd = -1;
#ifdef O_TMPFILE
  // Linking the unnamed file into place goes through /proc/self/fd; without /proc use a named file.
  if (g_unnamed_enabled.load() && ::access("/proc/self/fd", X_OK) == 0) {
    fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);  // the kernel applies the umask
    if (fd >= 0) m_mode = Mode::Unnamed;
  }
#endif
  if (fd < 0) {
    std::string name = temp_prefix(m_target) + "XXXXXX";
    fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd < 0) throw Error(m_path + ": cannot create a temporary file in " + dir + ": " + errno_text(errno));
    m_mode = Mode::Named;
    m_temp = name;
    m_guard = io_detail::guard_temp_file(m_temp);
    if (!m_old) ::fchmod(fd, 0666 & ~current_umask());  // mkstemp creates 0600; a new file gets what fopen gives
  }
  if (m_old) {
    // Best effort: only root may give a file away, and others may set a group they belong to.
    if (::geteuid() == 0) {
      if (::fchown(fd, m_old->uid, m_old->gid) != 0) {
      }
    } else if (::fchown(fd, static_cast<uid_t>(-1), m_old->gid) != 0) {
    }
    ::fchmod(fd, m_old->mode);  // after fchown, which may clear set-id bits
  }
  return fd;
}

AtomicFile::~AtomicFile() {
  if (m_file) std::fclose(m_file);  // an unnamed temporary vanishes with its descriptor
  discard_temporary();
}

void AtomicFile::discard_temporary() {
  if (!m_temp.empty()) ::unlink(m_temp.c_str());
  m_temp.clear();
  io_detail::unguard_temp_file(m_guard);
  m_guard = -1;
}

void AtomicFile::write(const void* data, std::size_t bytes) {
  if (!m_file) throw Error(m_path + ": write after commit");
  if (bytes == 0) return;
  if (fault_fires(FaultPoint::ExportWrite)) throw Error(m_path + ": write failed: " + errno_text(ENOSPC));
  if (std::fwrite(data, 1, bytes, m_file) != bytes) throw Error(m_path + ": write failed: " + errno_text(errno));
}

void AtomicFile::commit() {
  if (!m_file) throw Error(m_path + ": committed twice");
  int error = fault_fires(FaultPoint::ExportWrite) ? ENOSPC : std::fflush(m_file) == 0 ? 0 : errno;
  // A replaced file must reach the disk before its name does: renamed first, a power loss could leave an empty
  // file where the old one stood. Terminals, pipes and descriptors are written through and never synced.
  if (error == 0 && m_mode != Mode::Through) {
    error = sync_descriptor(::fileno(m_file));
    observe("sync file", m_target);
  }
  if (error == 0 && m_mode == Mode::Unnamed) link_beside_target();  // needs the descriptor still open
  if (std::fclose(m_file) != 0 && error == 0) error = errno;
  m_file = nullptr;
  if (error != 0) {
    discard_temporary();
    throw Error(m_path + ": write failed: " + errno_text(error));
  }
  if (m_mode == Mode::Through) return;
  if (::rename(m_temp.c_str(), m_target.c_str()) != 0) {
    const int e = errno;
    discard_temporary();
    throw Error(m_path + ": cannot rename the temporary file into place: " + errno_text(e));
  }
  observe("rename", m_target);
  m_temp.clear();  // it is the target now
  discard_temporary();
  sync_directory();
}

void AtomicFile::sync_directory() {
  // The rename lives in the directory: until the directory is synced, a power loss may bring back the old name.
  // The new file is complete and in place by now, so a directory that cannot be synced is not an error.
  const std::string dir = dir_of(m_target);
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  sync_descriptor(fd);
  ::close(fd);
  observe("sync directory", dir);
}

void AtomicFile::link_beside_target() {
  // A file cannot be linked over an existing name, so the unnamed file gets a name of its own for the instant
  // before rename() moves it onto the target in one step.
  const std::string proc = "/proc/self/fd/" + std::to_string(::fileno(m_file));
  const std::string prefix = temp_prefix(m_target);
  int e = EEXIST;
  for (int attempt = 0; attempt < 100 && e == EEXIST; ++attempt) {
    const std::string name = prefix + random_suffix();
    if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) {
      m_temp = name;
      m_guard = io_detail::guard_temp_file(m_temp);
      return;
    }
    e = errno;
  }
  throw Error(m_path + ": cannot link the finished file into " + dir_of(m_target) + ": " + errno_text(e));
}

}  // namespace apsp
