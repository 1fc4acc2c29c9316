#pragma once
/// @file graph_source.h
/// @brief Where a graph comes from (a generator spec or a file) and the one loader both programs use:
/// parse the spec, refuse a distance matrix that cannot fit before anything is built, then generate or read.
#include <apsp/core/solve_estimate.h>
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>
#include <apsp/io/formats.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace apsp {

/// @brief A generator spec ("er:n=256,p=0.05,seed=1,w=1:100", the syntax of `apsp gen --spec`) or a file path.
struct GraphSource {
  enum class Kind { Generator, File };
  Kind kind = Kind::Generator;
  std::string text;                   ///< the spec, or the file's path
  std::optional<GraphFormat> format;  ///< files only: nullopt picks the format from the extension
  bool one_based = false;             ///< edge-list files only: vertex ids start at 1
  /// Files that can be read only once (a pipe, a FIFO, `<(...)`): their bytes, read by read_input_once, which
  /// every later load parses instead of reading the file again. Null: the file is opened at each load.
  std::shared_ptr<const std::vector<unsigned char>> contents;

  GraphSource() = default;
  GraphSource(Kind kind, std::string text) : kind(kind), text(std::move(text)) {}
  static GraphSource generator(std::string spec) { return {Kind::Generator, std::move(spec)}; }
  static GraphSource file(std::string path) { return {Kind::File, std::move(path)}; }
  /// @brief "file g.bin" or "generator er:n=256,...", for logs.
  std::string label() const;
};

/// @brief The solve the loaded graph is meant for: the memory check counts every host byte of it (initial
/// matrix, the backend's copies, the negative-cycle input copy, the result) before any of it exists.
struct GraphLoadOptions {
  int block = 1;
  DType dtype = DType::I32;
  std::string backend;       ///< the variant that will solve it (empty: estimated like a CPU variant)
  int threads = 0;           ///< CPU threads (0: one per core), for the time estimate
  int gpus = 1;
  bool track_paths = false;  ///< the CPU variants' predecessor matrix is counted too
  bool builds_on_device = false;  ///< SolveShape::builds_on_device
  bool streams_result = false;    ///< the result goes to its file through distance_stream.h's buffers, if at all
  /// Polled while a pipe is read and between the loading stages: true stops the load with an Error.
  const std::atomic<bool>* cancel = nullptr;

  /// @brief The SolveShape of these options (backend defaulted to cpu-blocked).
  SolveShape shape() const;
};

struct LoadedGraph {
  Graph graph;
  /// @brief "g.bin (course binary, read in 12.0 ms)" for a file, the canonical spec for a generator.
  std::string description;
  double seconds = 0;  ///< reading or generating, memory check included
  /// The solve this graph is loaded for, with the graph's own negative weights counted: memory it was checked
  /// against, and the time `apsp solve` announces and --max-seconds compares.
  SolveEstimate estimate;
  /// The block the graph suggests for showing it (a classroom preset, an edge list's `# block: N`); 0: none.
  /// Callers without an explicit block open with it (apsp/solve/block_size.h, opening_block_size()).
  int suggested_block = 0;
};

/// @brief @p source, with the bytes of its file read into GraphSource::contents when that file is not a regular
/// file (a pipe, a FIFO, `/dev/fd/N`): a caller that loads the graph twice (`apsp solve`'s auto backend reads it
/// to decide, then the solve reads it) gets the same bytes both times, where a pipe would be empty the second
/// time. Regular files and generators come back as they are (a regular file is mapped at each load, never
/// copied). Reads as read_graph does: bounded by @p max_bytes, stopped by @p cancel or SIGINT / SIGTERM.
GraphSource read_input_once(GraphSource source, std::uint64_t max_bytes = std::uint64_t{1} << 30,
                            const std::atomic<bool>* cancel = nullptr);

/// @brief Generates or reads @p source. Throws UsageError for a bad spec, InputError for a bad file (naming
/// the place; devices such as /dev/zero are refused unread, pipes read up to a bound) and OutOfMemoryError
/// when the solve of @p options cannot fit in host memory: once right after the header (n alone, before any
/// edge is stored) and once after reading (negative weights known), always before any n x n matrix exists.
LoadedGraph load_graph(const GraphSource& source, const GraphLoadOptions& options);

}  // namespace apsp
