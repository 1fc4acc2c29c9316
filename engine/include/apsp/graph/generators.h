#pragma once
/// @file generators.h
/// @brief Seeded graph generators: byte-identical output for the same spec on every platform.
#include <apsp/graph/graph.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace apsp {

/// @brief A generator model and its parameters, e.g. parsed from "er:n=256,p=0.05,seed=1,w=1:100".
///
/// Keys common to all models: n, seed (default 1), w (weight range "lo:hi", default 1:100),
/// neg (0/1: reweight with vertex potentials so some edges turn negative without creating negative cycles).
struct GeneratorSpec {
  std::string model;                         ///< er, gnm, grid, ring, path, complete, ba, classroom
  std::map<std::string, std::string> params;  ///< raw key=value pairs

  /// @brief Parses "model:k=v,k=v". Throws UsageError naming the bad part. "classroom:NAME" is shorthand for
  /// "classroom:name=NAME" (the first item, with other keys after it: "classroom:cities8,neg=1").
  static GeneratorSpec parse(const std::string& text);
  /// @brief Canonical "model:k=v,..." text (keys sorted).
  std::string to_string() const;
};

/// @brief Description of one model for help texts and the GUI.
struct GeneratorParam {
  std::string key;
  std::string default_value;
  std::string help;
};
struct GeneratorModel {
  std::string name;
  std::string help;
  std::vector<GeneratorParam> params;
};

/// @brief Every model with its parameters (for `apsp gen --help` and the graph panel).
const std::vector<GeneratorModel>& generator_models();

/// @brief Builds the graph for @p spec. Throws UsageError on unknown models, keys or bad values.
Graph generate(const GeneratorSpec& spec);

/// @brief The block a graph of @p spec suggests for showing it (several blocks per side, so the blocked
/// phases have something to show): each classroom preset names its own; 0 for every other model.
/// Used only when no block was asked for (apsp/solve/block_size.h, opening_block_size()).
int suggested_block(const GeneratorSpec& spec);

/// @brief The n that generate(@p spec) would produce, without generating anything, so callers can refuse a
/// graph whose distance matrix cannot fit before spending time and memory on its edges.
std::int64_t vertex_count(const GeneratorSpec& spec);

/// @brief splitmix64: the one PRNG behind every generator (portable, no std distributions).
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : m_state(seed) {}
  std::uint64_t next();
  /// @brief Uniform integer in [lo, hi] (inclusive), unbiased.
  std::int64_t uniform_int(std::int64_t lo, std::int64_t hi);
  /// @brief Uniform double in [0, 1) from the top 53 bits.
  double uniform01();

 private:
  std::uint64_t m_state;
};

}  // namespace apsp
