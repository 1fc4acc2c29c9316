#pragma once
/// @file formats.h
/// @brief Graph and distance file formats, chosen by extension or by name.
#include <string>
#include <string_view>

namespace apsp {

enum class GraphFormat { CourseBinary, Dimacs, MatrixMarket, EdgeList };
enum class DistanceFormat { CourseBinary, Npy, Csv };

/// @brief By extension: .gr DIMACS, .mtx Matrix Market, .txt/.el/.csv edge list, anything else course binary.
GraphFormat graph_format_from_path(const std::string& path);
/// @brief "bin", "gr"/"dimacs", "mtx", "el"/"txt"/"csv"/"edgelist". Throws UsageError.
GraphFormat parse_graph_format(std::string_view name);
std::string_view to_string(GraphFormat f);

/// @brief By extension: .npy, .csv, anything else course binary.
DistanceFormat distance_format_from_path(const std::string& path);
DistanceFormat parse_distance_format(std::string_view name);
std::string_view to_string(DistanceFormat f);

}  // namespace apsp
