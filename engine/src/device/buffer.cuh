#pragma once
// Owning device and host buffers (RAII, copies deleted, moves defined) and the trivially copyable views kernels
// receive. Private to the engine's CUDA sources (solve/ and view/); streams and events are in
// <apsp/device/stream.cuh>.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace apsp::cuda {

/// @brief What a kernel gets: a pitched row-major matrix (pitch in elements). Trivially copyable.
template <class T> struct MatrixView {
  T* data = nullptr;
  std::size_t pitch = 0;  ///< elements between rows
  int rows = 0;
  int cols = 0;

  __host__ __device__ T* row(int i) const { return data + pitch * static_cast<std::size_t>(i); }
  __host__ __device__ T& at(int i, int j) const { return row(i)[j]; }
  /// @brief The view of the sub-matrix starting at (i, j).
  __host__ __device__ MatrixView offset(int i, int j, int r, int c) const { return {row(i) + j, pitch, r, c}; }
  /// @brief The same memory seen as elements of another type (pitch rescaled; bytes must divide evenly).
  template <class U> __host__ __device__ MatrixView<U> as() const {
    return {reinterpret_cast<U*>(data), pitch * sizeof(T) / sizeof(U), rows, static_cast<int>(cols * sizeof(T) / sizeof(U))};
  }
};

/// @brief A pitched 2-D device allocation (cudaMallocPitch), rows x cols elements of @p elem_bytes.
/// Refuses before allocating (OutOfMemoryError) when cudaMemGetInfo says it cannot fit.
class DeviceMatrix {
 public:
  DeviceMatrix() = default;
  DeviceMatrix(int rows, int cols, std::size_t elem_bytes, const std::string& what_for);
  ~DeviceMatrix();
  DeviceMatrix(const DeviceMatrix&) = delete;
  DeviceMatrix& operator=(const DeviceMatrix&) = delete;
  DeviceMatrix(DeviceMatrix&& other) noexcept;
  DeviceMatrix& operator=(DeviceMatrix&& other) noexcept;

  template <class T> MatrixView<T> view() const {
    return {static_cast<T*>(m_data), m_pitch_bytes / sizeof(T), m_rows, static_cast<int>(m_cols * m_elem_bytes / sizeof(T))};
  }
  void* data() const { return m_data; }
  std::size_t pitch_bytes() const { return m_pitch_bytes; }
  int rows() const { return m_rows; }
  int cols() const { return m_cols; }
  std::size_t bytes() const { return m_pitch_bytes * static_cast<std::size_t>(m_rows); }
  bool empty() const { return m_data == nullptr; }

  /// @brief Bytes cudaMallocPitch would take for this shape (pitch rounded up to 512 bytes, a safe bound).
  static std::uint64_t estimate_bytes(int rows, int cols, std::size_t elem_bytes);

 private:
  void release() noexcept;
  void* m_data = nullptr;
  std::size_t m_pitch_bytes = 0;
  int m_rows = 0;
  int m_cols = 0;
  std::size_t m_elem_bytes = 0;
};

/// @brief Throws OutOfMemoryError (with the sizes) when @p required bytes exceed the device's free memory.
void require_device_memory(const std::string& what_for, std::uint64_t required);

/// @brief Page-locked host memory also mapped into the device's address space: kernels write flags into it
/// that the host reads without a copy or a stream synchronization.
class MappedFlags {
 public:
  MappedFlags() = default;
  explicit MappedFlags(int count);
  ~MappedFlags();
  MappedFlags(const MappedFlags&) = delete;
  MappedFlags& operator=(const MappedFlags&) = delete;
  MappedFlags(MappedFlags&& other) noexcept;
  MappedFlags& operator=(MappedFlags&& other) noexcept;

  /// @brief Host side; volatile because the device writes it behind the compiler's back.
  volatile int* host() const { return m_host; }
  int* device() const { return m_device; }
  void clear();

 private:
  volatile int* m_host = nullptr;
  int* m_device = nullptr;
  int m_count = 0;
};

/// @brief A linear device allocation (cudaMalloc) of a fixed size; empty until allocate().
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  static DeviceBuffer allocate(std::size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& other) noexcept : m_data(other.m_data) { other.m_data = nullptr; }
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  void* get() const { return m_data; }
  explicit operator bool() const { return m_data != nullptr; }

 private:
  void* m_data = nullptr;
};

/// @brief Page-locked host memory (cudaHostAlloc) that asynchronous copies can target; empty until allocate().
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  static PinnedBuffer allocate(std::size_t bytes);
  ~PinnedBuffer();
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  PinnedBuffer(PinnedBuffer&& other) noexcept : m_data(other.m_data) { other.m_data = nullptr; }
  PinnedBuffer& operator=(PinnedBuffer&& other) noexcept;
  void* get() const { return m_data; }

 private:
  void* m_data = nullptr;
};

}  // namespace apsp::cuda
