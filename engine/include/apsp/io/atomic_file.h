#pragma once
/// @file atomic_file.h
/// @brief Write-to-temporary-then-rename, so an export never leaves a half-written file behind.
#include <cstddef>
#include <cstdio>
#include <string>

namespace apsp {

/// @brief Opens "<path>.tmp-XXXX" for writing; commit() flushes and renames it onto @p path.
/// Without commit() the temporary file is removed, and whatever @p path held stays as it was.
class AtomicFile {
 public:
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// @brief Appends bytes; throws Error naming the file on failure.
  void write(const void* data, std::size_t bytes);
  void write(const std::string& text) { write(text.data(), text.size()); }
  /// @brief Flushes, closes, and renames onto the target path.
  void commit();

 private:
  std::string m_path;
  std::string m_tmp_path;
  std::FILE* m_file = nullptr;
};

}  // namespace apsp
