#pragma once
/// @file process_group.h
/// @brief One process of a multi-process solve (one process per GPU over NCCL): which rank it is, how many ranks
/// there are, and the NCCL id they share. Host-only: compiles and answers without CUDA.
#include <string>
#include <vector>

namespace apsp {

/// @brief Rank @p rank of @p world holds band @p rank of the row-band layout on its GPU @p local_rank.
struct ProcessGroup {
  int rank = 0;
  int world = 1;
  int local_rank = 0;  ///< the CUDA device this process uses (its rank among the ranks of its host)
  std::string launcher;  ///< where rank and world came from, for messages ("APSP_RANK", "Open MPI", "Slurm", ...)
  std::vector<unsigned char> nccl_id;  ///< NCCL's unique id, the same bytes on every rank, set before any solver
  bool multi_process() const { return world > 1; }
};

/// @brief A new NCCL unique id (rank 0 makes it; the others receive it). Throws UnavailableError without CUDA
/// or NCCL.
std::vector<unsigned char> make_nccl_unique_id();

}  // namespace apsp
