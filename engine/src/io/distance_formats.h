#pragma once
// Internal: one reader and writer per distance format, called by distance_io.cpp.
#include "mapped_file.h"

#include <apsp/io/distance_io.h>

#include <functional>
#include <string>

namespace apsp::io_detail {

/// @brief Rows of an int32 table (n x n, or S x n for the rows of chosen sources), produced on demand so a
/// large matrix is never copied whole.
struct DistanceRows {
  std::int64_t rows = 0;
  std::int32_t n = 0;  ///< values per row
  std::function<void(std::int64_t row, std::int32_t* out)> fill_row;  ///< writes n values, INF = kInf32
};

void write_distances_bin(const std::string& path, const DistanceRows& rows);
void write_distances_npy(const std::string& path, const DistanceRows& rows);
void write_distances_csv(const std::string& path, const DistanceRows& rows);

/// What a reader accepts: the n x n matrix only, or any number of rows of n values.
enum class RowCount { Square, Any };

DistanceTable read_distances_bin(const MappedFile& file);
DistanceTable read_distances_npy(const MappedFile& file, RowCount rows);
DistanceTable read_distances_csv(const MappedFile& file, RowCount rows);

/// @brief Little-endian int32 rows appended to a byte sink (shared by .bin and .npy).
void write_le32_rows(const DistanceRows& rows, const std::function<void(const void*, std::size_t)>& sink);
/// @brief The .npy header (magic, version 1.0, dict padded to 64 bytes) of an int32 (rows, n) array.
std::string npy_header(std::int64_t rows, std::int32_t n);
/// @brief Appends @p rows CSV lines of @p n comma-separated integers (INF as its number) to @p out.
void append_csv_rows(const std::int32_t* values, std::int64_t rows, std::int32_t n, std::string& out);
/// @brief Appends @p count int32 values as little-endian bytes to @p out (any host byte order).
void append_le32_values(const std::int32_t* values, std::size_t count, std::string& out);

/// @brief Copies @p count little-endian int32 values.
void load_le32_values(const unsigned char* src, std::size_t count, std::int32_t* out);

}  // namespace apsp::io_detail
