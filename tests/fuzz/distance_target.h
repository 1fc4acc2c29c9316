#pragma once
// The body shared by the distance-reader targets: read the input as one format and check what came back.
#include <apsp/io/distance_io.h>

#include "fuzz_support.h"

namespace apsp::fuzz {

/// @brief Reads @p data as a distance file of @p format and checks that the table is n x n. The readers bound
/// n by the file size themselves, so no cap is needed here.
inline void fuzz_distance_reader(const std::uint8_t* data, std::size_t size, DistanceFormat format, const char* extension) {
  const std::string& path = write_input(data, size, extension);
  expect_only_apsp_errors([&] {
    const DenseDistances d = read_distances(path, format);
    require(d.n >= 0, "accepted a negative n");
    require(d.values.size() == static_cast<std::size_t>(d.n) * static_cast<std::size_t>(d.n), "values are not n*n");
  });
}

}  // namespace apsp::fuzz
