// Distance files: dispatch, and the headerless course binary (n*n little-endian int32, row-major).
#include "distance_formats.h"
#include "text_scan.h"

#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/core/types.h>
#include <apsp/io/atomic_file.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

namespace apsp {

namespace io_detail {

void write_le32_rows(const DistanceRows& rows, const std::function<void(const void*, std::size_t)>& sink) {
  std::vector<std::int32_t> row(static_cast<std::size_t>(rows.n));
  std::vector<unsigned char> bytes;
  for (std::int64_t i = 0; i < rows.rows; ++i) {
    rows.fill_row(i, row.data());
    if constexpr (std::endian::native == std::endian::little) {
      sink(row.data(), row.size() * 4);
    } else {
      bytes.resize(row.size() * 4);
      for (std::size_t j = 0; j < row.size(); ++j) {
        const auto u = static_cast<std::uint32_t>(row[j]);
        for (int b = 0; b < 4; ++b) bytes[4 * j + b] = static_cast<unsigned char>(u >> (8 * b));
      }
      sink(bytes.data(), bytes.size());
    }
  }
}

void append_le32_values(const std::int32_t* values, std::size_t count, std::string& out) {
  const std::size_t at = out.size();
  out.resize(at + count * 4);
  if constexpr (std::endian::native == std::endian::little) {
    if (count) std::memcpy(out.data() + at, values, count * 4);
  } else {
    for (std::size_t j = 0; j < count; ++j) {
      const auto u = static_cast<std::uint32_t>(values[j]);
      for (int b = 0; b < 4; ++b) out[at + 4 * j + b] = static_cast<char>(u >> (8 * b));
    }
  }
}

void load_le32_values(const unsigned char* src, std::size_t count, std::int32_t* out) {
  if constexpr (std::endian::native == std::endian::little) {
    if (count) std::memcpy(out, src, count * 4);
  } else {
    for (std::size_t j = 0; j < count; ++j, src += 4)
      out[j] = static_cast<std::int32_t>(src[0] | (std::uint32_t(src[1]) << 8) | (std::uint32_t(src[2]) << 16) | (std::uint32_t(src[3]) << 24));
  }
}

void write_distances_bin(const std::string& path, const DistanceRows& rows) {
  AtomicFile out(path);
  write_le32_rows(rows, [&out](const void* p, std::size_t n) { out.write(p, n); });
  out.commit();
}

DistanceTable read_distances_bin(const MappedFile& file) {
  const std::string& path = file.path();
  if (file.size() == 0) return {};  // n = 0
  if (file.size() % 4 != 0)
    throw InputError(path, byte_where(file.size() / 4 * 4), "size " + std::to_string(file.size()) + " is not a multiple of 4 bytes (truncated int32)");
  const std::uint64_t count = file.size() / 4;
  auto n = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(count)));
  while (n * n > count) --n;
  while ((n + 1) * (n + 1) <= count) ++n;
  if (n * n != count)
    throw InputError(path, "", std::to_string(count) + " int32 values are not a square number: not an n x n distance matrix");
  if (n > static_cast<std::uint64_t>(INT32_MAX)) throw InputError(path, "", "n = " + std::to_string(n) + " exceeds the int32 range");
  require_host_memory("the distances in " + path, count * 4);
  DistanceTable d;
  d.rows = static_cast<std::int64_t>(n);
  d.n = static_cast<std::int32_t>(n);
  d.values.resize(count);
  load_le32_values(file.data(), count, d.values.data());
  return d;
}

namespace {
DistanceRows rows_of(const DistanceMatrix& m) {
  return DistanceRows{m.n(), m.n(), [&m](std::int64_t row, std::int32_t* out) {
                        const auto i = static_cast<std::int32_t>(row);
                        const std::int32_t n = m.n();
                        if (m.dtype() == DType::I32) {
                          // Solvers may leave values between INF and 2*INF: all of them mean unreachable.
                          const std::int32_t* r = m.row<std::int32_t>(i);
                          for (std::int32_t j = 0; j < n; ++j) out[j] = r[j] >= kInf32 ? kInf32 : r[j];
                        } else {
                          const std::int16_t* r = m.row<std::int16_t>(i);
                          for (std::int32_t j = 0; j < n; ++j) out[j] = r[j] >= kInf16 ? kInf32 : r[j];
                        }
                      }};
}

DistanceRows rows_of(const DenseDistances& d) {
  if (d.n < 0 || d.values.size() != static_cast<std::size_t>(d.n) * static_cast<std::size_t>(d.n))
    throw Error("distance table holds " + std::to_string(d.values.size()) + " values, not n*n for n = " + std::to_string(d.n));
  return DistanceRows{d.n, d.n, [&d](std::int64_t i, std::int32_t* out) {
                        const std::size_t n = static_cast<std::size_t>(d.n);
                        std::memcpy(out, d.values.data() + n * static_cast<std::size_t>(i), n * 4);
                      }};
}

DistanceRows rows_of(const SourceDistances& d) {
  if (d.n < 0 || d.values.size() != static_cast<std::size_t>(d.rows()) * static_cast<std::size_t>(d.n))
    throw Error("source distances hold " + std::to_string(d.values.size()) + " values, not S*n for S = " + std::to_string(d.rows()) +
                ", n = " + std::to_string(d.n));
  return DistanceRows{d.rows(), d.n, [&d](std::int64_t i, std::int32_t* out) {
                        std::memcpy(out, d.row(i), static_cast<std::size_t>(d.n) * 4);
                      }};
}

void write_rows(const std::string& path, const DistanceRows& rows, std::optional<DistanceFormat> format) {
  switch (format ? *format : distance_format_from_path(path)) {
    case DistanceFormat::CourseBinary: write_distances_bin(path, rows); break;
    case DistanceFormat::Npy: write_distances_npy(path, rows); break;
    case DistanceFormat::Csv: write_distances_csv(path, rows); break;
  }
}
}  // namespace

}  // namespace io_detail

void write_distances(const std::string& path, const DistanceMatrix& m, std::optional<DistanceFormat> format) {
  io_detail::write_rows(path, io_detail::rows_of(m), format);
}

void write_distances(const std::string& path, const DenseDistances& d, std::optional<DistanceFormat> format) {
  io_detail::write_rows(path, io_detail::rows_of(d), format);
}

void write_distances(const std::string& path, const SourceDistances& d, std::optional<DistanceFormat> format) {
  const DistanceFormat f = format ? *format : distance_format_from_path(path);
  // The course binary has no header: its reader takes n = sqrt(size / 4), so it can only hold n x n.
  if (f == DistanceFormat::CourseBinary && !is_every_vertex_in_order(d.sources, d.n))
    throw UsageError(path + ": the course binary holds the whole n x n matrix (sources 0..n-1 in order); write the " +
                     std::to_string(d.rows()) + " x " + std::to_string(d.n) + " rows of these sources as .npy or .csv");
  io_detail::write_rows(path, io_detail::rows_of(d), f);
}

namespace {
DistanceTable read_table(const std::string& path, std::optional<DistanceFormat> format, io_detail::RowCount rows) {
  const io_detail::MappedFile file(path);
  return file.parse([&] {
    switch (format ? *format : distance_format_from_path(path)) {
      case DistanceFormat::CourseBinary: return io_detail::read_distances_bin(file);
      case DistanceFormat::Npy: return io_detail::read_distances_npy(file, rows);
      case DistanceFormat::Csv: break;
    }
    return io_detail::read_distances_csv(file, rows);
  });
}
}  // namespace

DenseDistances read_distances(const std::string& path, std::optional<DistanceFormat> format) {
  DistanceTable table = read_table(path, format, io_detail::RowCount::Square);
  DenseDistances d;
  d.n = table.n;
  d.values = std::move(table.values);
  return d;
}

DistanceTable read_distance_table(const std::string& path, std::optional<DistanceFormat> format) {
  return read_table(path, format, io_detail::RowCount::Any);
}

}  // namespace apsp
