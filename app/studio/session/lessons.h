#pragma once
// The Lessons menu's presets: small graphs a class meets first, each with one line saying what
// it shows. Each opens with the block it suggests (apsp/solve/block_size.h, opening_block_size()).
#include <apsp/io/graph_source.h>

#include <string>
#include <vector>

namespace apsp::studio {

struct Lesson {
  std::string name;
  std::string description;  ///< one line
  GraphSource source;
  std::string backend{};  ///< the solver it opens with ("cpu-naive" for plain Floyd–Warshall); empty: the panel's
};

/// @brief The presets, in teaching order. File lessons are graphs/NAME in the data directory (session/data_dir.h);
/// a lesson whose file is missing is left out.
std::vector<Lesson> lessons();

}  // namespace apsp::studio
