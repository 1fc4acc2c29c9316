#pragma once
/// @file graph_source.h
/// @brief Where a graph comes from (a generator spec or a file) and the one loader both programs use:
/// parse the spec, refuse a distance matrix that cannot fit before anything is built, then generate or read.
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>
#include <apsp/io/formats.h>

#include <optional>
#include <string>
#include <utility>

namespace apsp {

/// @brief A generator spec ("er:n=256,p=0.05,seed=1,w=1:100", the syntax of `apsp gen --spec`) or a file path.
struct GraphSource {
  enum class Kind { Generator, File };
  Kind kind = Kind::Generator;
  std::string text;                   ///< the spec, or the file's path
  std::optional<GraphFormat> format;  ///< files only: nullopt picks the format from the extension
  bool one_based = false;             ///< edge-list files only: vertex ids start at 1

  GraphSource() = default;
  GraphSource(Kind kind, std::string text) : kind(kind), text(std::move(text)) {}
  static GraphSource generator(std::string spec) { return {Kind::Generator, std::move(spec)}; }
  static GraphSource file(std::string path) { return {Kind::File, std::move(path)}; }
  /// @brief "file g.bin" or "generator er:n=256,...", for logs.
  std::string label() const;
};

/// @brief The distance matrix the loaded graph is meant for: the memory check counts it before any edge exists.
struct GraphLoadOptions {
  int block = 1;
  DType dtype = DType::I32;
};

struct LoadedGraph {
  Graph graph;
  /// @brief "g.bin (course binary, read in 12.0 ms)" for a file, the canonical spec for a generator.
  std::string description;
  double seconds = 0;  ///< reading or generating, memory check included
};

/// @brief Generates or reads @p source. Throws UsageError for a bad spec, InputError for a bad file (naming
/// the place) and OutOfMemoryError, before allocating, when the n x n matrix of @p options cannot fit.
LoadedGraph load_graph(const GraphSource& source, const GraphLoadOptions& options);

}  // namespace apsp
