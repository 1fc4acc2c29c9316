#include <apsp/core/distance_matrix.h>
#include <apsp/core/parallel_ranges.h>
#include <apsp/core/errors.h>
#include <apsp/core/memory.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

namespace apsp {

namespace {
constexpr std::size_t kRowAlignBytes = 64;  // one cache line / one AVX-512 vector

std::size_t pitch_elements(int padded_n, DType dtype) {
  const std::size_t per_line = kRowAlignBytes / element_bytes(dtype);
  std::size_t lines = (static_cast<std::size_t>(padded_n) + per_line - 1) / per_line;
  // An odd number of cache lines per row: with power-of-two strides (n = 2048 -> 8 KiB rows) every row of a
  // block maps to the same L1 set and the blocked kernels thrash; one extra line spreads them out.
  if (lines > 1 && lines % 2 == 0) ++lines;
  return lines * per_line;
}

template <class T> void fill_identity(DistanceMatrix& m) {
  // Row ranges over every core: a 64 GiB matrix filled on one thread takes most of a minute.
  const T inf = DistTraits<T>::inf;
  const auto rows_per_range = static_cast<std::int64_t>(std::max<std::size_t>(1, (std::size_t{1} << 22) / std::max<std::size_t>(m.pitch(), 1)));
  for_each_range(m.padded_n(), 0, rows_per_range, [&m, inf](std::int64_t begin, std::int64_t end) {
    for (auto i = static_cast<int>(begin); i < end; ++i) {
      T* r = m.row<T>(i);
      std::fill(r, r + m.pitch(), inf);
      r[i] = 0;
    }
  });
}
}  // namespace

void DistanceMatrix::FreeDeleter::operator()(void* p) const { std::free(p); }

int DistanceMatrix::padded_size(int n, int block) {
  if (block <= 0) throw UsageError("block size must be positive, got " + std::to_string(block));
  return static_cast<int>((static_cast<std::int64_t>(n) + block - 1) / block * block);
}

std::uint64_t DistanceMatrix::required_bytes(std::int64_t n, int block, DType dtype) {
  if (n <= 0) return 0;
  if (block <= 0) block = 1;
  // 128-bit arithmetic: an absurd header (n near 2^31) must report a huge size, not wrap around.
  using u128 = unsigned __int128;
  const u128 padded = static_cast<u128>((n + block - 1) / block) * static_cast<u128>(block);
  const u128 per_line = kRowAlignBytes / element_bytes(dtype);
  u128 lines = (padded + per_line - 1) / per_line;
  if (lines > 1 && lines % 2 == 0) ++lines;  // same rule as pitch_elements()
  const u128 pitch = lines * per_line;
  const u128 bytes = pitch * padded * element_bytes(dtype);
  return bytes > static_cast<u128>(UINT64_MAX) ? UINT64_MAX : static_cast<std::uint64_t>(bytes);
}

DistanceMatrix::DistanceMatrix(int n, int block, DType dtype) : m_n(n), m_block(block), m_dtype(dtype) {
  if (n < 0) throw UsageError("matrix size must not be negative, got " + std::to_string(n));
  if (block <= 0) throw UsageError("block size must be positive, got " + std::to_string(block));
  if (n == 0) return;
  const std::uint64_t bytes = required_bytes(n, block, dtype);
  require_host_memory(
      "a " + std::to_string(n) + " x " + std::to_string(n) + " " + std::string(to_string(dtype)) + " distance matrix",
      bytes);
  m_padded_n = padded_size(n, block);
  m_pitch = pitch_elements(m_padded_n, dtype);
  void* p = std::aligned_alloc(kRowAlignBytes, bytes);
  if (!p) throw OutOfMemoryError("the distance matrix", bytes, host_available_bytes());
  m_storage.reset(p);
  if (dtype == DType::I32)
    fill_identity<std::int32_t>(*this);
  else
    fill_identity<std::int16_t>(*this);
}

DistanceMatrix::DistanceMatrix(const DistanceMatrix& other)
    : m_n(other.m_n), m_block(other.m_block), m_padded_n(other.m_padded_n), m_pitch(other.m_pitch), m_dtype(other.m_dtype) {
  if (other.m_storage) {
    void* p = std::aligned_alloc(kRowAlignBytes, other.storage_bytes());
    if (!p) throw OutOfMemoryError("a copy of the distance matrix", other.storage_bytes(), host_available_bytes());
    std::memcpy(p, other.m_storage.get(), other.storage_bytes());
    m_storage.reset(p);
  }
}

DistanceMatrix& DistanceMatrix::operator=(const DistanceMatrix& other) {
  if (this != &other) {
    DistanceMatrix copy(other);
    *this = std::move(copy);
  }
  return *this;
}

std::int32_t DistanceMatrix::get(int i, int j) const {
  if (m_dtype == DType::I32) {
    const std::int32_t v = row<std::int32_t>(i)[j];
    return v >= kInf32 ? kInf32 : v;
  }
  const std::int16_t v = row<std::int16_t>(i)[j];
  return v >= kInf16 ? kInf32 : v;
}

void DistanceMatrix::set(int i, int j, std::int32_t v) {
  if (m_dtype == DType::I32) {
    row<std::int32_t>(i)[j] = v >= kInf32 ? kInf32 : v;
    return;
  }
  if (v >= kInf32) {
    row<std::int16_t>(i)[j] = kInf16;
    return;
  }
  if (v > kMaxFinite16 || v < kMinFinite16)
    throw RangeError("value " + std::to_string(v) + " at (" + std::to_string(i) + ", " + std::to_string(j) +
                     ") does not fit the int16 distance range [" + std::to_string(kMinFinite16) + ", " +
                     std::to_string(kMaxFinite16) + "]; use --dtype i32");
  row<std::int16_t>(i)[j] = static_cast<std::int16_t>(v);
}

void DistanceMatrix::relax(int i, int j, std::int32_t v) {
  if (v < get(i, j)) set(i, j, v);
}

std::vector<std::int32_t> DistanceMatrix::to_dense() const {
  std::vector<std::int32_t> out(static_cast<std::size_t>(m_n) * static_cast<std::size_t>(m_n));
  for (int i = 0; i < m_n; ++i) {
    std::int32_t* dst = out.data() + static_cast<std::size_t>(i) * static_cast<std::size_t>(m_n);
    if (m_dtype == DType::I32) {
      const std::int32_t* src = row<std::int32_t>(i);
      for (int j = 0; j < m_n; ++j) dst[j] = src[j] >= kInf32 ? kInf32 : src[j];
    } else {
      const std::int16_t* src = row<std::int16_t>(i);
      for (int j = 0; j < m_n; ++j) dst[j] = src[j] >= kInf16 ? kInf32 : src[j];
    }
  }
  return out;
}

void DistanceMatrix::assign_dense(const std::int32_t* values) {
  for (int i = 0; i < m_n; ++i)
    for (int j = 0; j < m_n; ++j) set(i, j, values[static_cast<std::size_t>(i) * static_cast<std::size_t>(m_n) + j]);
}

bool DistanceMatrix::same_distances(const DistanceMatrix& other) const {
  if (m_n != other.m_n) return false;
  for (int i = 0; i < m_n; ++i)
    for (int j = 0; j < m_n; ++j)
      if (get(i, j) != other.get(i, j)) return false;
  return true;
}

}  // namespace apsp
