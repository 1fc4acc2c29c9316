#pragma once
// Internal: one reader and writer per graph format, called by graph_io.cpp.
#include "mapped_file.h"

#include <apsp/graph/graph.h>
#include <apsp/io/graph_io.h>

#include <functional>

namespace apsp::io_detail {

/// @brief What a reader needs besides the bytes: the options and the check to run right after the header.
struct ReadContext {
  const GraphReadOptions& options;
  /// Called with n as soon as the header is known, before any n- or m-sized allocation.
  std::function<void(std::int64_t n)> on_header;
  /// Where a reader stores the block the file suggests (edge lists' `# block: N`); may be null.
  int* suggested_block = nullptr;
};

Graph read_course_binary(const MappedFile& file, const ReadContext& ctx);
Graph read_dimacs(const MappedFile& file, const ReadContext& ctx);
Graph read_matrix_market(const MappedFile& file, const ReadContext& ctx);
Graph read_edge_list(const MappedFile& file, const ReadContext& ctx);
/// @brief How many lines of an edge list can hold an edge (neither blank nor only a comment): the most edges
/// it can have, and what its reader reserves.
std::size_t edge_line_bound(std::string_view text);

void write_course_binary(const std::string& path, const Graph& g);
void write_dimacs(const std::string& path, const Graph& g);
void write_matrix_market(const std::string& path, const Graph& g);
/// @brief Comma separators when @p commas (.csv), blanks otherwise; 0-based with a "# n=N m=M" first line.
void write_edge_list(const std::string& path, const Graph& g, bool commas);

}  // namespace apsp::io_detail
