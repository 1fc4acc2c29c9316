// Fuzz target: the Npy distance reader (read_distances with format Npy).
#include "distance_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  apsp::fuzz::fuzz_distance_reader(data, size, apsp::DistanceFormat::Npy, ".npy");
  return 0;
}
