// Fuzz target: the MatrixMarket graph reader (read_graph with format MatrixMarket).
#include "graph_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  apsp::fuzz::fuzz_graph_reader(data, size, apsp::GraphFormat::MatrixMarket, ".mtx");
  return 0;
}
