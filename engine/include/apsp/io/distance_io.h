#pragma once
/// @file distance_io.h
/// @brief Distance matrix files: course binary (n*n int32), .npy (int32, shape (n, n)), .csv.
#include <apsp/core/distance_matrix.h>
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

/// @brief Writes the n x n distances (INF = kInf32), through a temporary file renamed into place.
void write_distances(const std::string& path, const DistanceMatrix& m, std::optional<DistanceFormat> format = std::nullopt);

/// @brief Writes a dense table (e.g. one read back with read_distances) in @p format.
/// @note .csv writes INF as the number 1073741823, so every round trip is exact.
void write_distances(const std::string& path, const DenseDistances& d, std::optional<DistanceFormat> format = std::nullopt);

/// @brief Reads a distance file. Course binary has no header: n = sqrt(bytes / 4), which must be exact.
/// Values come back as stored; a .csv cell "inf" reads as kInf32. Bad files throw InputError.
DenseDistances read_distances(const std::string& path, std::optional<DistanceFormat> format = std::nullopt);

}  // namespace apsp
