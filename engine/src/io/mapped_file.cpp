#include "mapped_file.h"

#include <apsp/core/errors.h>
#include <apsp/core/fault_injection.h>
#include <apsp/core/stop_signal.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <mutex>
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

// How often a wait for a pipe's writer looks at the cancel flag and the stop request.
constexpr int kPollIntervalMs = 100;

void throw_if_cancelled(const StreamLimits& limits, const std::string& path) {
  throw_if_stop_requested();
  if (limits.cancel && limits.cancel->load()) throw Error(path + ": reading cancelled");
}

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

// The SIGBUS guard. Reading a mapped page past the end of a file that shrank raises SIGBUS; the handler
// looks the address up in this table of live mappings and, when it falls in one, maps zeros from that page to
// the mapping's end (so the parse runs on to its end without another signal per page) and marks the mapping.
// Only lock-free atomics, mmap and sigaction are used inside the handler.
struct GuardedMapping {
  std::atomic<std::uintptr_t> begin{0};  // 0: a free slot
  std::atomic<std::size_t> length{0};    // rounded up to whole pages
  std::atomic<bool> truncated{false};
};
// More mappings alive at once than this (never seen: a reader holds one) are read into memory instead.
constexpr int kGuardedSlots = 64;
GuardedMapping g_guarded[kGuardedSlots];
std::size_t g_page_size = 4096;
struct sigaction g_previous_sigbus {};
static_assert(std::atomic<std::uintptr_t>::is_always_lock_free && std::atomic<bool>::is_always_lock_free,
              "the SIGBUS handler needs lock-free atomics");

/// Hands a SIGBUS that is not ours to the action that was installed before the guard.
void pass_on_sigbus(int sig, siginfo_t* info, void* context) {
  if (g_previous_sigbus.sa_flags & SA_SIGINFO) {
    if (g_previous_sigbus.sa_sigaction) return g_previous_sigbus.sa_sigaction(sig, info, context);
  } else if (g_previous_sigbus.sa_handler != SIG_DFL && g_previous_sigbus.sa_handler != SIG_IGN) {
    return g_previous_sigbus.sa_handler(sig);
  }
  // The default action: restore it; returning re-runs the faulting access, which now ends the process as
  // SIGBUS always did.
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  ::sigaction(SIGBUS, &fallback, nullptr);
}

extern "C" void on_sigbus(int sig, siginfo_t* info, void* context) {
  const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  for (GuardedMapping& slot : g_guarded) {
    const std::uintptr_t begin = slot.begin.load();
    if (begin == 0 || address < begin || address - begin >= slot.length.load()) continue;
    const std::uintptr_t page = address & ~(static_cast<std::uintptr_t>(g_page_size) - 1);
    const std::size_t rest = begin + slot.length.load() - page;
    if (::mmap(reinterpret_cast<void*>(page), rest, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) ==
        MAP_FAILED)
      break;
    slot.truncated.store(true);
    return;
  }
  pass_on_sigbus(sig, info, context);
}

void install_sigbus_guard() {
  static std::once_flag once;
  std::call_once(once, [] {
    g_page_size = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    struct sigaction action {};
    action.sa_sigaction = on_sigbus;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO;
    ::sigaction(SIGBUS, &action, &g_previous_sigbus);
  });
}

std::size_t whole_pages(std::size_t bytes) { return (bytes + g_page_size - 1) / g_page_size * g_page_size; }

/// The slot now guarding [begin, begin + length), or -1 when every slot is taken.
int guard_mapping(const void* begin, std::size_t length) {
  install_sigbus_guard();
  for (int i = 0; i < kGuardedSlots; ++i) {
    GuardedMapping& slot = g_guarded[i];
    std::uintptr_t expected = 0;
    // Claimed with a placeholder first so no other thread takes the slot, then filled in; the handler never
    // matches the placeholder (no mapping starts at address 1).
    if (!slot.begin.compare_exchange_strong(expected, 1)) continue;
    slot.truncated.store(false);
    slot.length.store(whole_pages(length));
    slot.begin.store(reinterpret_cast<std::uintptr_t>(begin));
    return i;
  }
  return -1;
}

/// The fault point input_truncated: the mapping from its middle page on is replaced by pages past the end of
/// the file, which raise SIGBUS when read exactly as if another program had truncated the file (the file
/// itself is left alone).
void map_past_end_of_file(void* map, std::size_t size, int fd, std::size_t file_size) {
  const std::size_t first = size / 2 / g_page_size * g_page_size;
  const std::size_t length = whole_pages(size) - first;
  const auto past_end = static_cast<off_t>(whole_pages(file_size) + g_page_size);
  ::mmap(static_cast<unsigned char*>(map) + first, length, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, past_end);
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
    map(fd);
    if (m_map) return;
    // mmap can fail on some file systems (and the guard's table can be full); a regular file is still
    // bounded by the size fstat gave.
    StreamLimits bounded = limits;
    bounded.max_bytes = static_cast<std::uint64_t>(st.st_size);
    read_stream(fd, bounded);
    return;
  }
  read_stream(fd, limits);
}

MappedFile::MappedFile(const std::string& path, InputBytes bytes) : m_path(path), m_read(std::move(bytes)) {
  if (!m_read) return;
  m_data = m_read->data();
  m_size = m_read->size();
}

void MappedFile::map(int fd) {
  void* p = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (p == MAP_FAILED) return;
  m_guard = guard_mapping(p, m_size);
  if (m_guard < 0) {
    ::munmap(p, m_size);
    return;
  }
  if (fault_fires(FaultPoint::InputTruncated)) map_past_end_of_file(p, m_size, fd, m_size);
  ::madvise(p, m_size, MADV_SEQUENTIAL);
  m_map = p;
  m_data = static_cast<const unsigned char*>(p);
}

bool MappedFile::truncated() const { return m_guard >= 0 && g_guarded[m_guard].truncated.load(); }

void MappedFile::throw_if_truncated() const {
  if (truncated())
    throw InputError(m_path, "", "changed size while it was read (another program truncated or rewrote it); read it again once it is complete");
}

void MappedFile::read_stream(int fd, const StreamLimits& limits) {
  // One byte beyond the bound is read so that "exactly the bound" and "more than the bound" differ.
  const std::uint64_t hard_cap = limits.max_bytes + 1;
  constexpr std::size_t kFirstChunk = 1 << 20;
  std::size_t used = 0;
  auto buffer = std::make_shared<std::vector<unsigned char>>();
  for (;;) {
    throw_if_cancelled(limits, m_path);
    pollfd pfd{fd, POLLIN, 0};
    const int ready = ::poll(&pfd, 1, kPollIntervalMs);
    if (ready < 0 && errno != EINTR) throw InputError(m_path, "", std::string("poll failed: ") + std::strerror(errno));
    if (ready <= 0) continue;  // no writer yet, no data yet, or a signal: look at the flags again
    if (used == buffer->size()) {
      // Geometric growth, capped at the bound: a pipe delivers 64 KiB per read, and growing (and zeroing) by
      // a fixed step per read made a 1 GiB pipe take half a minute.
      const std::uint64_t grown = std::max<std::uint64_t>(kFirstChunk, 2 * static_cast<std::uint64_t>(buffer->size()));
      buffer->resize(static_cast<std::size_t>(std::min(grown, hard_cap)));
    }
    const ssize_t got = ::read(fd, buffer->data() + used, buffer->size() - used);
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
  buffer->resize(used);
  m_data = buffer->data();
  m_size = used;
  m_read = std::move(buffer);
}

MappedFile::~MappedFile() {
  if (!m_map) return;
  // Out of the handler's table before the pages go: the address range may be mapped again at once.
  g_guarded[m_guard].begin.store(0);
  ::munmap(m_map, m_size);
}

}  // namespace apsp::io_detail
