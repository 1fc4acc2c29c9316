#pragma once
// Internal: one reader and writer per distance format, called by distance_io.cpp.
#include "mapped_file.h"

#include <apsp/io/distance_io.h>

#include <functional>

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
/// @brief Copies @p count little-endian int32 values.
void load_le32_values(const unsigned char* src, std::size_t count, std::int32_t* out);

}  // namespace apsp::io_detail
