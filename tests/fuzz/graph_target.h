#pragma once
// The body shared by the four graph-reader targets: read the input as one format and check what came back.
#include <apsp/io/graph_io.h>

#include "fuzz_support.h"

namespace apsp::fuzz {

/// @brief Reads @p data as a graph file of @p format (also 1-based for edge lists) and checks the result:
/// n within the cap, every endpoint inside 0..n-1.
inline void fuzz_graph_reader(const std::uint8_t* data, std::size_t size, GraphFormat format, const char* extension) {
  const std::string& path = write_input(data, size, extension);
  const int variants = format == GraphFormat::EdgeList ? 2 : 1;
  for (int v = 0; v < variants; ++v) {
    expect_only_apsp_errors([&] {
      GraphReadOptions options;
      options.format = format;
      options.one_based = v == 1;
      options.max_n = kMaxVertices;
      options.check_memory = false;  // the same outcome on every machine, whatever its free memory
      const GraphReadResult r = read_graph(path, options);
      require(r.format == format, "read_graph reports another format than the one asked for");
      require(r.graph.n >= 0 && r.graph.n <= kMaxVertices, "accepted n outside 0..max_n");
      require(r.file_bytes == size, "file_bytes differs from the input size");
      for (const Edge& e : r.graph.edges)
        require(e.src >= 0 && e.src < r.graph.n && e.dst >= 0 && e.dst < r.graph.n, "accepted an edge endpoint outside 0..n-1");
    });
  }
}

}  // namespace apsp::fuzz
