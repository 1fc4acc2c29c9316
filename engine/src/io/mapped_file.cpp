#include "mapped_file.h"

#include <apsp/core/errors.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
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
}  // namespace

MappedFile::MappedFile(const std::string& path) : m_path(path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(path, "", std::string("cannot open: ") + std::strerror(errno));
  FdCloser closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw InputError(path, "", std::string("cannot stat: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw InputError(path, "", "is a directory, not a file");

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
    // mmap can fail on some file systems; one big read still avoids per-record work.
  }
  m_buffer.clear();
  std::size_t chunk = 1 << 20;
  for (;;) {
    const std::size_t old = m_buffer.size();
    m_buffer.resize(old + chunk);
    const ssize_t got = ::read(fd, m_buffer.data() + old, chunk);
    if (got < 0) {
      if (errno == EINTR) {
        m_buffer.resize(old);
        continue;
      }
      throw InputError(path, "", std::string("read failed: ") + std::strerror(errno));
    }
    m_buffer.resize(old + static_cast<std::size_t>(got));
    if (got == 0) break;
  }
  m_data = m_buffer.data();
  m_size = m_buffer.size();
}

MappedFile::~MappedFile() {
  if (m_map) ::munmap(m_map, m_size);
}

}  // namespace apsp::io_detail
