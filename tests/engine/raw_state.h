#pragma once
// The raw matrix a solver holds (Solver::read_state: padding and unnormalized values included) and byte
// equality of two such matrices: what "stepping back is exact" is checked with, on the CPU and on GPUs.
#include <apsp/core/distance_matrix.h>
#include <apsp/solve/solver.h>

#include <cstring>

namespace apsp::test {

inline DistanceMatrix raw_state(Solver& solver) {
  DistanceMatrix m;
  solver.read_state(m);
  return m;
}

inline bool same_bytes(const DistanceMatrix& a, const DistanceMatrix& b) {
  // Two empty matrices hold no storage at all: memcmp must not see their null pointers.
  return a.n() == b.n() && a.storage_bytes() == b.storage_bytes() &&
         (a.storage_bytes() == 0 || std::memcmp(a.data(), b.data(), a.storage_bytes()) == 0);
}

}  // namespace apsp::test
