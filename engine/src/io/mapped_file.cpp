#include "mapped_file.h"

#include <apsp/core/errors.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace apsp::io_detail {

namespace {
struct FdCloser {
  int fd;
  ~FdCloser() {
    if (fd >= 0) ::close(fd);
  }
};

// How often a wait for a pipe's writer looks at the cancel flag.
constexpr int kPollIntervalMs = 100;

bool cancelled(const StreamLimits& limits) { return limits.cancel && limits.cancel->load(); }

/// Why a file of this type is never read as input (empty when it may be read).
const char* refusal(mode_t mode) {
  if (S_ISDIR(mode)) return "is a directory, not a file";
  // An endless device (/dev/zero, /dev/urandom, a terminal) would be read until memory runs out.
  if (S_ISCHR(mode)) return "is a character device (like /dev/zero or a terminal), not a graph file; save it to a regular file first";
  if (S_ISBLK(mode)) return "is a block device, not a graph file";
  if (S_ISSOCK(mode)) return "is a socket, not a graph file";
  if (S_ISREG(mode) || S_ISFIFO(mode)) return "";
  return "is not a regular file or a pipe";
}
}  // namespace

MappedFile::MappedFile(const std::string& path, const StreamLimits& limits) : m_path(path) {
  // O_NONBLOCK: opening a FIFO must not block until a writer comes (that wait could not be cancelled); the
  // stream reader below waits with poll() instead. A regular file ignores the flag.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) throw InputError(path, "", std::string("cannot open: ") + std::strerror(errno));
  FdCloser closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw InputError(path, "", std::string("cannot stat: ") + std::strerror(errno));
  if (const char* why = refusal(st.st_mode); *why) throw InputError(path, "", why);

  if (S_ISREG(st.st_mode)) {
    m_size = static_cast<std::size_t>(st.st_size);
    if (m_size == 0) return;
    void* p = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) {
      ::madvise(p, m_size, MADV_SEQUENTIAL);
      m_map = p;
      m_data = static_cast<const unsigned char*>(p);
      return;
    }
    // mmap can fail on some file systems; a regular file is still bounded by the size fstat gave.
    StreamLimits bounded = limits;
    bounded.max_bytes = static_cast<std::uint64_t>(st.st_size);
    read_stream(fd, bounded);
    return;
  }
  read_stream(fd, limits);
}

void MappedFile::read_stream(int fd, const StreamLimits& limits) {
  // One byte beyond the bound is read so that "exactly the bound" and "more than the bound" differ.
  const std::uint64_t hard_cap = limits.max_bytes + 1;
  constexpr std::size_t kFirstChunk = 1 << 20;
  std::size_t used = 0;
  m_buffer.clear();
  for (;;) {
    if (cancelled(limits)) throw Error(m_path + ": reading cancelled");
    pollfd pfd{fd, POLLIN, 0};
    const int ready = ::poll(&pfd, 1, kPollIntervalMs);
    if (ready < 0 && errno != EINTR) throw InputError(m_path, "", std::string("poll failed: ") + std::strerror(errno));
    if (ready <= 0) continue;  // no writer yet, or no data yet: look at the cancel flag again
    if (used == m_buffer.size()) {
      // Geometric growth, capped at the bound: a pipe delivers 64 KiB per read, and growing (and zeroing) by
      // a fixed step per read made a 1 GiB pipe take half a minute.
      const std::uint64_t grown = std::max<std::uint64_t>(kFirstChunk, 2 * static_cast<std::uint64_t>(m_buffer.size()));
      m_buffer.resize(static_cast<std::size_t>(std::min(grown, hard_cap)));
    }
    const ssize_t got = ::read(fd, m_buffer.data() + used, m_buffer.size() - used);
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw InputError(m_path, "", std::string("read failed: ") + std::strerror(errno));
    }
    if (got == 0) break;  // every writer closed its end
    used += static_cast<std::size_t>(got);
    if (used > limits.max_bytes)
      throw InputError(m_path, "byte " + std::to_string(limits.max_bytes),
                       "more than " + format_bytes(limits.max_bytes) +
                           " from a pipe (the most read from one); save the graph to a regular file");
  }
  m_buffer.resize(used);
  m_data = m_buffer.data();
  m_size = used;
}

MappedFile::~MappedFile() {
  if (m_map) ::munmap(m_map, m_size);
}

}  // namespace apsp::io_detail
