#pragma once
/// @file distance_matrix.h
/// @brief Host distance matrix: padded to the block size, pitched rows, int32 or int16 elements.
#include <apsp/core/types.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace apsp {

/// @brief Owning, INF-filled, padded distance matrix on the host.
///
/// Logical size n x n; storage padded_n x padded_n with padded_n = ceil(n / block) * block, rows
/// `pitch()` elements apart (a multiple of 64 bytes so every row is aligned for vector loads). The padding
/// vertices are isolated (INF off the diagonal, 0 on it), so they never change a real distance.
class DistanceMatrix {
 public:
  DistanceMatrix() = default;
  /// @brief Allocates an n x n matrix (padded to @p block) with 0 on the diagonal and INF elsewhere.
  /// @note Throws OutOfMemoryError before allocating when the host lacks the memory.
  DistanceMatrix(int n, int block, DType dtype);

  DistanceMatrix(const DistanceMatrix& other);
  DistanceMatrix& operator=(const DistanceMatrix& other);
  DistanceMatrix(DistanceMatrix&&) noexcept = default;
  DistanceMatrix& operator=(DistanceMatrix&&) noexcept = default;

  int n() const { return m_n; }
  int block() const { return m_block; }
  int padded_n() const { return m_padded_n; }
  int blocks() const { return m_block > 0 ? m_padded_n / m_block : 0; }
  DType dtype() const { return m_dtype; }
  /// @brief Row stride in elements.
  std::size_t pitch() const { return m_pitch; }
  /// @brief Row stride in bytes.
  std::size_t pitch_bytes() const { return m_pitch * element_bytes(m_dtype); }
  std::size_t storage_bytes() const { return m_pitch * static_cast<std::size_t>(m_padded_n) * element_bytes(m_dtype); }
  bool empty() const { return m_n == 0; }

  /// @brief Distance widened to int32; anything at or above the dtype's INF reads as kInf32.
  std::int32_t get(int i, int j) const;
  /// @brief Stores @p v (kInf32 or more stores the dtype's INF). Throws RangeError if v does not fit int16.
  void set(int i, int j, std::int32_t v);
  /// @brief Keeps the smaller of the stored value and @p v (parallel edges: the lightest wins).
  void relax(int i, int j, std::int32_t v);

  void* data() { return m_storage.get(); }
  const void* data() const { return m_storage.get(); }
  template <class T> T* row(int i) { return reinterpret_cast<T*>(m_storage.get()) + m_pitch * static_cast<std::size_t>(i); }
  template <class T> const T* row(int i) const {
    return reinterpret_cast<const T*>(m_storage.get()) + m_pitch * static_cast<std::size_t>(i);
  }

  /// @brief Row-major n x n int32 copy (INF = kInf32), padding trimmed: the course output layout.
  std::vector<std::int32_t> to_dense() const;
  /// @brief Fills from a row-major n x n int32 array (INF = kInf32 or more).
  void assign_dense(const std::int32_t* values);

  /// @brief True when both have the same n and equal distances (dtype and padding may differ).
  bool same_distances(const DistanceMatrix& other) const;

  /// @brief Bytes a matrix of this shape needs.
  static std::uint64_t required_bytes(std::int64_t n, int block, DType dtype);
  static int padded_size(int n, int block);

 private:
  struct FreeDeleter {
    void operator()(void* p) const;
  };
  int m_n = 0;
  int m_block = 1;
  int m_padded_n = 0;
  std::size_t m_pitch = 0;
  DType m_dtype = DType::I32;
  std::unique_ptr<void, FreeDeleter> m_storage;
};

}  // namespace apsp
