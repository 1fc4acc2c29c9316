#pragma once
// apsp solve as one rank of several (one process per GPU over NCCL): the rank options, the refusals, and the
// solve that writes only this rank's band of the output.
#include <apsp/device/launcher.h>
#include <apsp/io/formats.h>
#include <apsp/io/graph_source.h>
#include <apsp/solve/solver.h>

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace apsp::cli {

/// --rank, --world-size and --rendezvous as given (-1 / 0 / "": not given).
struct RankFlags {
  int rank = -1;
  int world_size = 0;
  std::string rendezvous;
};

void add_rank_flags(CLI::App& app, RankFlags& flags);

/// @brief This process's rank and world when the run is one rank of several: from --rank / --world-size, else
/// from the launcher's environment (apsp/device/launcher.h). nullopt for an ordinary run (no launcher, or a world
/// of one). Throws UsageError for --rank without --world-size (or the reverse) and a rank outside the world.
std::optional<ProcessGroup> rank_process_group(const RankFlags& flags, const EnvLookup& env);

/// What `apsp solve` hands the rank path: the graph, the solve and the output, and the flags it cannot take.
struct RankSolveRequest {
  GraphSource source;
  std::string backend;  ///< as given ("" or "auto" when not)
  SolverOptions options;
  bool block_from_graph = false;
  std::string output;
  std::optional<DistanceFormat> out_format;
  /// The first flag given that a rank cannot honour (--path, --pred, --sources ...), or "".
  std::string refused_flag;
  bool verbose = false;
  bool quiet = false;
};

/// @brief Refuses (one line, UsageError / UnavailableError) what a rank cannot run, before anything is read;
/// then meets the other ranks, solves its band and writes it into the shared output. Returns the exit status.
int run_rank_solve(ProcessGroup group, const RankFlags& flags, const EnvLookup& env, RankSolveRequest request);

}  // namespace apsp::cli
