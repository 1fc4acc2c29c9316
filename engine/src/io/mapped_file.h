#pragma once
// Internal: read-only view of a whole input file (mmap for regular files, a bounded read for pipes and FIFOs).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace apsp::io_detail {

/// @brief How far a non-regular input (a pipe, a FIFO) is read, and when to give up on it.
struct StreamLimits {
  /// A pipe has no size to check a header against: more than this many bytes is refused (InputError).
  std::uint64_t max_bytes = 1ull << 30;
  /// Polled between reads and while waiting for a writer: when it turns true the read stops with an Error.
  /// The process's stop request (SIGINT / SIGTERM, apsp/core/stop_signal.h) is always polled as well and stops
  /// the read with InterruptedError, so no wait on an input outlasts a signal.
  const std::atomic<bool>* cancel = nullptr;
};

/// @brief Bytes already read from an input that can be read only once (a pipe): shared by every later parse.
using InputBytes = std::shared_ptr<const std::vector<unsigned char>>;

/// @brief The bytes of one file, memory-mapped when possible so large inputs are never copied.
/// Regular files are bounded by their size; pipes and FIFOs by StreamLimits::max_bytes; character and block
/// devices (/dev/zero, a terminal, a disk) and sockets are refused with one line before any byte is read.
///
/// A mapped file that another program truncates while it is parsed would end the process with SIGBUS. A
/// process-wide SIGBUS handler (installed with the first mapping) instead maps zeros over the pages past the
/// new end and marks the mapping truncated; parse() then throws one InputError in place of whatever the
/// parse made of those zeros. A SIGBUS anywhere else keeps the action it had before.
class MappedFile {
 public:
  /// @brief Opens @p path; throws InputError naming it when it cannot be opened or read, or is not a file or pipe.
  explicit MappedFile(const std::string& path, const StreamLimits& limits = {});
  /// @brief A view of @p bytes, read from @p path before (read_input_once); nothing is opened.
  MappedFile(const std::string& path, InputBytes bytes);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  const std::string& path() const { return m_path; }
  const unsigned char* data() const { return m_data; }
  std::size_t size() const { return m_size; }
  std::string_view text() const { return {reinterpret_cast<const char*>(m_data), m_size}; }

  /// @brief True once the file was found shorter than its mapping (the rest now reads as zeros).
  bool truncated() const;
  /// @brief Throws InputError ("changed size while it was read") when truncated().
  void throw_if_truncated() const;
  /// @brief The bytes read into memory (a pipe, a FIFO), to be parsed again later; null for a mapped file.
  InputBytes read_bytes() const { return m_read; }

  /// @brief Runs @p parse over these bytes. When the file shrank meanwhile, whatever @p parse returned or
  /// threw is replaced by the one-line InputError of throw_if_truncated().
  template <class Parse>
  auto parse(Parse&& parse) const -> decltype(parse()) {
    std::optional<decltype(parse())> result;
    try {
      result.emplace(parse());
    } catch (...) {
      throw_if_truncated();
      throw;
    }
    throw_if_truncated();
    return std::move(*result);
  }

 private:
  void map(int fd);
  void read_stream(int fd, const StreamLimits& limits);

  std::string m_path;
  const unsigned char* m_data = nullptr;
  std::size_t m_size = 0;
  void* m_map = nullptr;  // non-null when mmap'ed
  int m_guard = -1;       // the mapping's slot in the SIGBUS handler's table (mapped_file.cpp); -1: none
  InputBytes m_read;      // pipes, FIFOs, regular files mmap refused, and bytes handed over
};

}  // namespace apsp::io_detail
