// Fuzz target: the Csv distance reader (read_distances with format Csv).
#include "distance_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  apsp::fuzz::fuzz_distance_reader(data, size, apsp::DistanceFormat::Csv, ".csv");
  return 0;
}
