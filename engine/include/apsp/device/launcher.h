#pragma once
/// @file launcher.h
/// @brief One process per GPU, host side: which rank this process is (from the launcher's environment), and the
/// rendezvous over TCP that hands every rank rank 0's NCCL unique id and later serves as a barrier. POSIX
/// sockets only; compiles and answers without CUDA or MPI.
#include <apsp/device/process_group.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace apsp {

/// @brief An environment variable's value, or nullopt when unset (tests pass a fake; the program, getenv).
using EnvLookup = std::function<std::optional<std::string>(const char* name)>;

/// @brief The process's own environment.
EnvLookup process_environment();

/// @brief Rank, world size and local rank from the first launcher whose variables are set, in this order:
/// APSP_RANK / APSP_WORLD_SIZE (APSP_LOCAL_RANK, default the rank), Open MPI (OMPI_COMM_WORLD_RANK / _SIZE /
/// _LOCAL_RANK), MPICH / Hydra (PMI_RANK / PMI_SIZE, MPI_LOCALRANKID), Slurm srun (SLURM_PROCID / SLURM_NTASKS /
/// SLURM_LOCALID). nullopt where none is set. ProcessGroup::launcher names the source.
/// @note Throws UsageError with one line naming the variable for a malformed value (not a whole number), a
/// rank without a size or the reverse, a size below 1 or a rank outside 0 .. size-1.
std::optional<ProcessGroup> discover_process_group(const EnvLookup& env);

/// @brief Host and port of `--rendezvous HOST:PORT` (IPv4 address or host name; port 1..65535).
struct RendezvousAddress {
  std::string host;
  int port = 0;
  std::string text() const { return host + ":" + std::to_string(port); }
};

/// @brief Parses HOST:PORT; throws UsageError naming @p flag for anything else.
RendezvousAddress parse_rendezvous(const std::string& text, const std::string& flag = "--rendezvous");

/// @brief What every rank must agree on before any of them solves (n, block, dtype, backend, the graph's text):
/// a 64-bit hash of @p text (FNV-1a), compared in the rendezvous' hello.
std::uint64_t solve_fingerprint(const std::string& text);

/// @brief The ranks' sockets: rank 0 listens on the address and holds one connection per other rank; every
/// other rank holds one connection to rank 0. Closed (and, on rank 0, the port released) on destruction.
class Rendezvous {
 public:
  /// @brief Meets every rank: rank 0 accepts world-1 connections and checks each peer's hello (magic, world
  /// size, rank, fingerprint), then sends each the session bytes (the NCCL id); the others connect with retries.
  /// Everything within @p timeout_s seconds, else Error naming the address (and, on rank 0, the ranks that did
  /// not come). A peer whose world size or fingerprint differs, two peers claiming one rank, or a connection that
  /// speaks something else: every rank that reached rank 0 is refused with one line (Error).
  /// @param session on rank 0 the bytes to send (the NCCL unique id); on the others, filled with them
  static std::unique_ptr<Rendezvous> meet(const ProcessGroup& group, const RendezvousAddress& address,
                                          std::uint64_t fingerprint, std::vector<unsigned char>& session,
                                          double timeout_s = 60.0);
  ~Rendezvous();
  Rendezvous(const Rendezvous&) = delete;
  Rendezvous& operator=(const Rendezvous&) = delete;

  /// @brief Waits for every rank; returns true when every rank passed @p ok == true. A rank that died (its
  /// socket closed) counts as false on rank 0; on the others rank 0's death throws Error.
  bool barrier(bool ok = true);

 private:
  Rendezvous(int rank, std::string address);
  int m_rank = 0;
  std::string m_address;  ///< for messages
  std::vector<int> m_peers;  ///< rank 0: one socket per other rank (index rank-1); others: the one to rank 0
};

}  // namespace apsp
