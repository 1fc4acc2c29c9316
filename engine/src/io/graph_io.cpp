#include "graph_formats.h"

#include <apsp/core/distance_matrix.h>
#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/io/graph_io.h>

#include <cctype>
#include <chrono>

namespace apsp {

void check_graph_memory(const std::string& path, std::int64_t n, const GraphReadOptions& options) {
  if (n <= options.max_n && !options.check_memory) return;
  if (!options.required_for.empty() && options.required_bytes) {  // a sparse solve: no n x n matrix to saturate on
    const std::uint64_t bytes = options.required_bytes(n);
    if (n > options.max_n)
      throw OutOfMemoryError(options.required_for + " (n above the limit " + std::to_string(options.max_n) + ")", bytes, host_available_bytes());
    require_host_memory(options.required_for, bytes);
    return;
  }
  const int block = options.block > 0 ? options.block : 1;
  // Near n = 2^31 the exact byte count overflows 64 bits; saturate so the refusal still reads sensibly.
  const double estimate = static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(element_bytes(options.dtype));
  std::uint64_t required = estimate >= 1.8e19 ? UINT64_MAX : DistanceMatrix::required_bytes(n, block, options.dtype);
  if (options.required_bytes && required != UINT64_MAX) required = options.required_bytes(n);
  const std::string what_for = "the " + std::to_string(n) + " x " + std::to_string(n) + " " + std::string(to_string(options.dtype)) +
                               " distance matrix of " + path + (options.required_bytes ? " and the solve's copies of it" : "");
  if (n > options.max_n) throw OutOfMemoryError(what_for + " (n above the limit " + std::to_string(options.max_n) + ")", required, host_available_bytes());
  require_host_memory(what_for, required);
}

GraphReadResult read_graph(const std::string& path, const GraphReadOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  GraphReadResult result;
  result.format = options.format ? *options.format : graph_format_from_path(path);
  const io_detail::MappedFile file = options.contents
                                         ? io_detail::MappedFile(path, options.contents)
                                         : io_detail::MappedFile(path, io_detail::StreamLimits{options.max_stream_bytes, options.cancel});
  result.file_bytes = file.size();
  const io_detail::ReadContext ctx{options, [&](std::int64_t n) { check_graph_memory(path, n, options); },
                                   &result.suggested_block};
  result.graph = file.parse([&] {
    switch (result.format) {
      case GraphFormat::CourseBinary: return io_detail::read_course_binary(file, ctx);
      case GraphFormat::Dimacs: return io_detail::read_dimacs(file, ctx);
      case GraphFormat::MatrixMarket: return io_detail::read_matrix_market(file, ctx);
      case GraphFormat::EdgeList: break;
    }
    return io_detail::read_edge_list(file, ctx);
  });
  result.read_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

void write_graph(const std::string& path, const Graph& g, std::optional<GraphFormat> format) {
  const GraphFormat f = format ? *format : graph_format_from_path(path);
  switch (f) {
    case GraphFormat::CourseBinary: io_detail::write_course_binary(path, g); break;
    case GraphFormat::Dimacs: io_detail::write_dimacs(path, g); break;
    case GraphFormat::MatrixMarket: io_detail::write_matrix_market(path, g); break;
    case GraphFormat::EdgeList: {
      // .csv gets commas so spreadsheets split the columns; other edge lists use blanks.
      std::string ext = path.size() >= 4 ? path.substr(path.size() - 4) : std::string();
      for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      io_detail::write_edge_list(path, g, ext == ".csv");
      break;
    }
  }
}

}  // namespace apsp
