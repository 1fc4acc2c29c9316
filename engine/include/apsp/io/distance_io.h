#pragma once
/// @file distance_io.h
/// @brief Distance matrix files: course binary (n*n int32), .npy (int32, shape (n, n) or (S, n)), .csv (n or S
/// lines of n values).
#include <apsp/core/distance_matrix.h>
#include <apsp/graph/sources.h>
#include <apsp/io/formats.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace apsp {

/// @brief A dense n x n int32 distance table read back from a file.
struct DenseDistances {
  std::int32_t n = 0;
  std::vector<std::int32_t> values;  ///< row-major n*n
};

/// @brief Rows of distances read back: the whole n x n matrix (rows == n), or the S x n rows of chosen sources
/// that `apsp solve --sources` writes (.npy shape (S, n), .csv S lines; which sources they are is not stored).
struct DistanceTable {
  std::int64_t rows = 0;
  std::int32_t n = 0;                ///< values per row: the graph's n
  std::vector<std::int32_t> values;  ///< row-major rows*n
};

/// @brief Writes the n x n distances (INF = kInf32), through a temporary file renamed into place.
void write_distances(const std::string& path, const DistanceMatrix& m, std::optional<DistanceFormat> format = std::nullopt);

/// @brief Writes a dense table (e.g. one read back with read_distances) in @p format.
/// @note .csv writes INF as the number 1073741823, so every round trip is exact.
void write_distances(const std::string& path, const DenseDistances& d, std::optional<DistanceFormat> format = std::nullopt);

/// @brief Writes the S x n rows of chosen sources: .npy with shape (S, n), .csv with S lines of n values.
/// The course binary has no header and holds only the whole matrix: it takes sources 0..n-1 in order and
/// throws UsageError (one line) for any other set.
void write_distances(const std::string& path, const SourceDistances& d, std::optional<DistanceFormat> format = std::nullopt);

/// @brief Reads a distance file. Course binary has no header: n = sqrt(bytes / 4), which must be exact.
/// Values come back as stored; a .csv cell "inf" reads as kInf32. Bad files throw InputError.
/// An empty .bin or .csv is the n = 0 matrix (what a solve of an empty graph writes).
DenseDistances read_distances(const std::string& path, std::optional<DistanceFormat> format = std::nullopt);
/// @brief Reads a distance file as read_distances() does, but any number of rows of n values (.npy (S, n), .csv S
/// lines of n values; the course binary always holds n x n).
DistanceTable read_distance_table(const std::string& path, std::optional<DistanceFormat> format = std::nullopt);

}  // namespace apsp
