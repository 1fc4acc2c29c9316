#include <apsp/core/errors.h>
#include <apsp/io/atomic_file.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace apsp {

namespace {
std::string errno_text() { return std::strerror(errno); }

mode_t current_umask() {
  // umask can only be read by setting it; restore immediately.
  const mode_t m = ::umask(0);
  ::umask(m);
  return m;
}
}  // namespace

AtomicFile::AtomicFile(std::string path) : m_path(std::move(path)) {
  // Same directory as the target so the final rename never crosses file systems.
  std::vector<char> name(m_path.begin(), m_path.end());
  const char suffix[] = ".tmp-XXXXXX";
  name.insert(name.end(), suffix, suffix + sizeof suffix);  // includes the NUL
  const int fd = ::mkstemp(name.data());
  if (fd < 0) throw Error(m_path + ": cannot create a temporary file next to it: " + errno_text());
  m_tmp_path = name.data();
  // mkstemp creates 0600; give the result the permissions a plain fopen would.
  ::fchmod(fd, 0666 & ~current_umask());
  m_file = ::fdopen(fd, "wb");
  if (!m_file) {
    const std::string why = errno_text();
    ::close(fd);
    ::unlink(m_tmp_path.c_str());
    throw Error(m_path + ": cannot open a temporary file: " + why);
  }
}

AtomicFile::~AtomicFile() {
  if (m_file) {
    std::fclose(m_file);
    m_file = nullptr;
  }
  if (!m_tmp_path.empty()) ::unlink(m_tmp_path.c_str());
}

void AtomicFile::write(const void* data, std::size_t bytes) {
  if (!m_file) throw Error(m_path + ": write after commit");
  if (bytes == 0) return;
  if (std::fwrite(data, 1, bytes, m_file) != bytes) throw Error(m_path + ": write failed: " + errno_text());
}

void AtomicFile::commit() {
  if (!m_file) throw Error(m_path + ": committed twice");
  const bool flushed = std::fflush(m_file) == 0;
  const std::string flush_why = flushed ? std::string() : errno_text();
  const bool closed = std::fclose(m_file) == 0;
  m_file = nullptr;
  if (!flushed || !closed) throw Error(m_path + ": write failed: " + (flushed ? errno_text() : flush_why));
  if (::rename(m_tmp_path.c_str(), m_path.c_str()) != 0) throw Error(m_path + ": cannot rename the temporary file into place: " + errno_text());
  m_tmp_path.clear();
}

}  // namespace apsp
