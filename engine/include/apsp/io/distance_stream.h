#pragma once
/// @file distance_stream.h
/// @brief Writes rows of distances to a .bin/.npy/.csv file chunk by chunk, while the next chunk is being read:
/// the result never has to exist whole in host memory, and reading (e.g. device -> host copies) overlaps the
/// writing. The bytes equal write_distances' for the same rows.
#include <apsp/io/formats.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace apsp {

/// @brief Fills @p rows rows of n int32 values each (row-major, INF = kInf32), the output's rows
/// [@p row_begin, @p row_begin + @p rows). Called in order, on the caller's thread of write_distance_stream.
using DistanceRowSource = std::function<void(std::int64_t row_begin, std::int64_t rows, std::int32_t* out)>;

/// @brief How the stream is cut and buffered.
struct DistanceStreamOptions {
  std::uint64_t chunk_bytes = 64ull << 20;  ///< int32 values per chunk buffer (at least one row)
  int buffers = 3;                          ///< chunk buffers in flight: one read, others queued or written
  int format_threads = 0;                   ///< threads formatting a CSV chunk (<= 0: one per core)
};

/// @brief Where a streamed write spent its time.
struct DistanceStreamTimes {
  double read_ms = 0;         ///< inside the row source (the download)
  double write_ms = 0;        ///< the writer busy: formatting and writing (the write)
  double wall_ms = 0;         ///< the whole call, the two overlapped, and the commit
  std::uint64_t bytes = 0;    ///< bytes written
};

/// @brief The host memory the stream's buffers take for @p rows x @p n (what a memory estimate counts).
std::uint64_t distance_stream_buffer_bytes(std::int64_t rows, std::int32_t n, const DistanceStreamOptions& options = {});

/// @brief Writes @p rows x @p n distances from @p source to @p path in @p format (default: from the extension),
/// through AtomicFile: what stood at @p path stays until the whole file is written; on any exception (from the
/// source or the writing) it stays as it was. The course binary (no header) takes only a square table
/// (@p rows == @p n); the caller checks that the rows are the whole matrix in order.
DistanceStreamTimes write_distance_stream(const std::string& path, std::int64_t rows, std::int32_t n,
                                          const DistanceRowSource& source,
                                          std::optional<DistanceFormat> format = std::nullopt,
                                          const DistanceStreamOptions& options = {});

}  // namespace apsp
