#pragma once
// Internal: read-only view of a whole input file (mmap for regular files, a bounded read for pipes and FIFOs).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace apsp::io_detail {

/// @brief How far a non-regular input (a pipe, a FIFO) is read, and when to give up on it.
struct StreamLimits {
  /// A pipe has no size to check a header against: more than this many bytes is refused (InputError).
  std::uint64_t max_bytes = 1ull << 30;
  /// Polled between reads and while waiting for a writer: when it turns true the read stops with an Error.
  const std::atomic<bool>* cancel = nullptr;
};

/// @brief The bytes of one file, memory-mapped when possible so large inputs are never copied.
/// Regular files are bounded by their size; pipes and FIFOs by StreamLimits::max_bytes; character and block
/// devices (/dev/zero, a terminal, a disk) and sockets are refused with one line before any byte is read.
class MappedFile {
 public:
  /// @brief Opens @p path; throws InputError naming it when it cannot be opened or read, or is not a file or pipe.
  explicit MappedFile(const std::string& path, const StreamLimits& limits = {});
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  const std::string& path() const { return m_path; }
  const unsigned char* data() const { return m_data; }
  std::size_t size() const { return m_size; }
  std::string_view text() const { return {reinterpret_cast<const char*>(m_data), m_size}; }

 private:
  void read_stream(int fd, const StreamLimits& limits);

  std::string m_path;
  const unsigned char* m_data = nullptr;
  std::size_t m_size = 0;
  void* m_map = nullptr;                // non-null when mmap'ed
  std::vector<unsigned char> m_buffer;  // pipes, FIFOs, and regular files mmap refused
};

}  // namespace apsp::io_detail
