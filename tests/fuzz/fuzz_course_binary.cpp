// Fuzz target: the CourseBinary graph reader (read_graph with format CourseBinary).
#include "graph_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  apsp::fuzz::fuzz_graph_reader(data, size, apsp::GraphFormat::CourseBinary, ".bin");
  return 0;
}
