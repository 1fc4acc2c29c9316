#pragma once
/// @file graph_io.h
/// @brief Graph readers and writers. Bad input throws InputError naming the file and the line or byte offset.
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>
#include <apsp/io/formats.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace apsp {

struct GraphReadOptions {
  std::optional<GraphFormat> format;  ///< default: from the extension
  bool one_based = false;             ///< edge lists only: vertex ids start at 1
  /// Largest n accepted at all: a larger header throws OutOfMemoryError right after the header is parsed,
  /// even when check_memory is off (the n x n matrix could never be built).
  std::int64_t max_n = 2'000'000'000;
  /// When true (solve, verify), a header whose n x n distance matrix (shape: @c block, @c dtype) needs more
  /// than host_available_bytes() throws OutOfMemoryError before the edges are read or anything is allocated.
  /// `apsp info` turns it off: it still reads the graph (edges are bounded by the file size) and reports
  /// DistanceMatrix::required_bytes itself.
  bool check_memory = true;
  int block = 1;            ///< block size used for the memory check
  DType dtype = DType::I32; ///< element type used for the memory check
  /// Host bytes the work planned on the graph allocates for n vertices (load_graph passes the whole solve's
  /// count, apsp/core/solve_estimate.h); empty: one n x n matrix of @c block and @c dtype.
  std::function<std::uint64_t(std::int64_t n)> required_bytes;
  /// What required_bytes counts, for the refusal ("the CSR graph and 64 x n distances of g.gr"); empty: the
  /// n x n distance matrix. When set, required_bytes alone decides (no n x n matrix is involved).
  std::string required_for;
  /// Regular files are bounded by their size; a pipe or FIFO is read up to this many bytes, then refused.
  /// Character and block devices (/dev/zero, a terminal) are refused before any byte is read.
  std::uint64_t max_stream_bytes = std::uint64_t{1} << 30;
  /// When set and turning true, reading a pipe (or waiting for its writer) stops with an Error. SIGINT and
  /// SIGTERM (apsp/core/stop_signal.h) stop it with InterruptedError whether set or not.
  const std::atomic<bool>* cancel = nullptr;
  /// The file's bytes, read before (GraphSource::contents, read_input_once): parsed instead of opening the path.
  std::shared_ptr<const std::vector<unsigned char>> contents;
};

struct GraphReadResult {
  Graph graph;
  GraphFormat format;
  double read_seconds = 0;
  std::uint64_t file_bytes = 0;  ///< size of the input file
  /// The block the file suggests for showing it (an edge list's `# block: N` comment); 0: none. Opening a
  /// graph without an explicit block uses it (apsp/solve/block_size.h, opening_block_size()).
  int suggested_block = 0;
};

/// @brief Reads a graph. Regular files are memory-mapped; one that shrinks while it is read (another program
/// truncates it) throws InputError ("changed size while it was read") instead of a result.
GraphReadResult read_graph(const std::string& path, const GraphReadOptions& options = {});

/// @brief Throws OutOfMemoryError when the bytes of @p options (required_bytes, else one n x n matrix of that
/// shape) exceed host memory, or n > max_n (the check read_graph applies right after a header).
void check_graph_memory(const std::string& path, std::int64_t n, const GraphReadOptions& options);

/// @brief Writes @p g in @p format (default from the extension) to a temporary file, then renames it.
void write_graph(const std::string& path, const Graph& g, std::optional<GraphFormat> format = std::nullopt);

}  // namespace apsp
