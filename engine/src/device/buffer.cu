#include "device/buffer.cuh"

#include <apsp/core/errors.h>
#include <apsp/core/fault_injection.h>
#include <apsp/device/check.cuh>

#include <utility>

namespace apsp::cuda {

void require_device_memory(const std::string& what_for, std::uint64_t required) {
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  APSP_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (required > free_bytes) throw OutOfMemoryError(what_for + " on the GPU", required, free_bytes);
}

std::uint64_t DeviceMatrix::estimate_bytes(int rows, int cols, std::size_t elem_bytes) {
  const std::uint64_t row_bytes = (static_cast<std::uint64_t>(cols) * elem_bytes + 511) / 512 * 512;
  return row_bytes * static_cast<std::uint64_t>(rows);
}

DeviceMatrix::DeviceMatrix(int rows, int cols, std::size_t elem_bytes, const std::string& what_for)
    : m_rows(rows), m_cols(cols), m_elem_bytes(elem_bytes) {
  if (rows <= 0 || cols <= 0) return;
  require_device_memory(what_for, estimate_bytes(rows, cols, elem_bytes));
  const cudaError_t status = fault_fires(FaultPoint::DeviceAlloc)
                                 ? cudaErrorMemoryAllocation
                                 : cudaMallocPitch(&m_data, &m_pitch_bytes, static_cast<std::size_t>(cols) * elem_bytes,
                                                   static_cast<std::size_t>(rows));
  if (status == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();
    std::size_t free_bytes = 0, total_bytes = 0;
    (void)cudaMemGetInfo(&free_bytes, &total_bytes);
    m_data = nullptr;
    throw OutOfMemoryError(what_for + " on the GPU", estimate_bytes(rows, cols, elem_bytes), free_bytes);
  }
  APSP_CUDA_CHECK(status);
}

DeviceMatrix::~DeviceMatrix() { release(); }

DeviceMatrix::DeviceMatrix(DeviceMatrix&& other) noexcept
    : m_data(std::exchange(other.m_data, nullptr)),
      m_pitch_bytes(std::exchange(other.m_pitch_bytes, 0)),
      m_rows(std::exchange(other.m_rows, 0)),
      m_cols(std::exchange(other.m_cols, 0)),
      m_elem_bytes(std::exchange(other.m_elem_bytes, 0)) {}

DeviceMatrix& DeviceMatrix::operator=(DeviceMatrix&& other) noexcept {
  if (this != &other) {
    release();
    m_data = std::exchange(other.m_data, nullptr);
    m_pitch_bytes = std::exchange(other.m_pitch_bytes, 0);
    m_rows = std::exchange(other.m_rows, 0);
    m_cols = std::exchange(other.m_cols, 0);
    m_elem_bytes = std::exchange(other.m_elem_bytes, 0);
  }
  return *this;
}

void DeviceMatrix::release() noexcept {
  if (m_data) (void)cudaFree(m_data);  // destructors must not throw; a failed free leaks at worst
  m_data = nullptr;
}

MappedFlags::MappedFlags(int count) : m_count(count) {
  void* host = nullptr;
  APSP_CUDA_CHECK(cudaHostAlloc(&host, sizeof(int) * static_cast<std::size_t>(count), cudaHostAllocMapped));
  m_host = static_cast<volatile int*>(host);
  void* device = nullptr;
  const cudaError_t status = cudaHostGetDevicePointer(&device, host, 0);
  if (status != cudaSuccess) {
    (void)cudaFreeHost(host);
    m_host = nullptr;
    APSP_CUDA_CHECK(status);
  }
  m_device = static_cast<int*>(device);
  clear();
}

MappedFlags::~MappedFlags() {
  if (m_host) (void)cudaFreeHost(const_cast<int*>(m_host));
}

MappedFlags::MappedFlags(MappedFlags&& other) noexcept
    : m_host(std::exchange(other.m_host, nullptr)),
      m_device(std::exchange(other.m_device, nullptr)),
      m_count(std::exchange(other.m_count, 0)) {}

MappedFlags& MappedFlags::operator=(MappedFlags&& other) noexcept {
  if (this != &other) {
    if (m_host) (void)cudaFreeHost(const_cast<int*>(m_host));
    m_host = std::exchange(other.m_host, nullptr);
    m_device = std::exchange(other.m_device, nullptr);
    m_count = std::exchange(other.m_count, 0);
  }
  return *this;
}

void MappedFlags::clear() {
  for (int i = 0; i < m_count; ++i) m_host[i] = 0;
}

DeviceBuffer DeviceBuffer::allocate(std::size_t bytes) {
  DeviceBuffer b;
  const cudaError_t status =
      fault_fires(FaultPoint::DeviceAlloc) ? cudaErrorMemoryAllocation : cudaMalloc(&b.m_data, bytes);
  if (status == cudaErrorMemoryAllocation) {  // the same error as DeviceMatrix's, with the sizes
    (void)cudaGetLastError();
    std::size_t free_bytes = 0, total_bytes = 0;
    (void)cudaMemGetInfo(&free_bytes, &total_bytes);
    b.m_data = nullptr;
    throw OutOfMemoryError("a device buffer on the GPU", bytes, free_bytes);
  }
  APSP_CUDA_CHECK(status);
  return b;
}

DeviceBuffer::~DeviceBuffer() {
  if (m_data) (void)cudaFree(m_data);
}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  if (this != &other) {
    if (m_data) (void)cudaFree(m_data);
    m_data = std::exchange(other.m_data, nullptr);
  }
  return *this;
}

PinnedBuffer PinnedBuffer::allocate(std::size_t bytes) {
  PinnedBuffer b;
  APSP_CUDA_CHECK(cudaHostAlloc(&b.m_data, bytes, cudaHostAllocDefault));
  return b;
}

PinnedBuffer::~PinnedBuffer() {
  if (m_data) (void)cudaFreeHost(m_data);
}

PinnedBuffer& PinnedBuffer::operator=(PinnedBuffer&& other) noexcept {
  if (this != &other) {
    if (m_data) (void)cudaFreeHost(m_data);
    m_data = std::exchange(other.m_data, nullptr);
  }
  return *this;
}

}  // namespace apsp::cuda
