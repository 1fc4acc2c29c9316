#pragma once
/// @file run_key.h
/// @brief A run's configuration key: what must be equal for two runs' times to be comparable (backend, block,
/// dtype, GPUs, threads asked and resolved, n, graph and its hash, sources, phase-2 mode, ISA, build). The
/// commit and version are not part of it: comparing two commits is what a compare is for.
#include <apsp/history/run_record.h>

#include <string>
#include <vector>

namespace apsp {

/// @brief One key field in which two runs differ, with both values as text.
struct KeyDifference {
  std::string field;  ///< "n", "threads asked", "graph hash", ...
  std::string a;
  std::string b;
};

/// @brief Every key field in which @p a and @p b differ, in the key's order (none: comparable).
std::vector<KeyDifference> key_differences(const RunRecord& a, const RunRecord& b);
/// @brief "n (512 vs 1024), threads asked (0 vs 2)".
std::string describe_differences(const std::vector<KeyDifference>& differences);
/// @brief "n, threads asked": the fields only.
std::string differing_fields(const std::vector<KeyDifference>& differences);

/// @brief The whole key as one text; equal texts, equal keys (for grouping runs by configuration).
std::string run_key(const RunRecord& r);
/// @brief A configuration as a person reads it: "cpu-blocked B=64 i16 gpus=1 threads=0 (auto: 2) n=1024
/// er:n=1024,p=0.05", then the key's other fields where set.
std::string describe_configuration(const RunRecord& r);

/// @brief The repeats' interval sees only the noise within each run; a machine busier during one run than the
/// other moves all its repeats together, which reads as a change of the code. Two runs whose 1-minute load
/// averages at their start differ by at least this much are flagged (not refused: the load is not the key).
inline constexpr double kLoadDifferenceWarning = 0.5;
/// @brief "the load differed: 0.31 at A's start, 2.05 at B's (...)" where both runs recorded their load and
/// they differ by kLoadDifferenceWarning or more; "" otherwise.
std::string load_difference(const RunRecord& a, const RunRecord& b);

}  // namespace apsp
