#pragma once
// Internal: read-only view of a whole input file (mmap, or one read for non-regular files).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace apsp::io_detail {

/// @brief The bytes of one file, memory-mapped when possible so large inputs are never copied.
class MappedFile {
 public:
  /// @brief Opens @p path; throws InputError naming it when it cannot be opened or read.
  explicit MappedFile(const std::string& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  const std::string& path() const { return m_path; }
  const unsigned char* data() const { return m_data; }
  std::size_t size() const { return m_size; }
  std::string_view text() const { return {reinterpret_cast<const char*>(m_data), m_size}; }

 private:
  std::string m_path;
  const unsigned char* m_data = nullptr;
  std::size_t m_size = 0;
  void* m_map = nullptr;                // non-null when mmap'ed
  std::vector<unsigned char> m_buffer;  // fallback for pipes and the like
};

}  // namespace apsp::io_detail
