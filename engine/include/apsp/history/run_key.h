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

}  // namespace apsp
