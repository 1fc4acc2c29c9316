// apsp solve as one rank of several: every rank loads the graph, meets the others at the rendezvous (rank 0's
// NCCL id), solves its row band on its GPU and writes its rows into one temporary file that rank 0 created and
// renames into place once every rank wrote (apsp/device/launcher.h).
#include "rank_solve.h"

#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/stop_signal.h>
#include <apsp/device/device_info.h>
#include <apsp/io/output_paths.h>
#include <apsp/solve/multi_gpu_bands.h>
#include <apsp/solve/plan.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <exception>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>

#include "cli_common.h"
#include "phase_times.h"

namespace apsp::cli {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

/// The bytes before the rows: none for the course binary; the .npy header as io's writer makes it (version
/// 1.0, padded so the data starts at a multiple of 64 bytes), so a rank-written file is byte for byte the same.
std::string distance_header(DistanceFormat format, int n) {
  if (format != DistanceFormat::Npy) return {};
  std::string dict = "{'descr': '<i4', 'fortran_order': False, 'shape': (" + std::to_string(n) + ", " +
                     std::to_string(n) + "), }";
  const std::size_t unpadded = 10 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict.push_back('\n');
  std::string header = "\x93NUMPY";
  header.push_back('\x01');
  header.push_back('\x00');
  header.push_back(static_cast<char>(dict.size() & 0xff));
  header.push_back(static_cast<char>(dict.size() >> 8));
  return header + dict;
}

/// The temporary beside the output that every rank writes into; removed unless renamed into place.
class SharedOutput {
 public:
  SharedOutput(std::string output, std::string temp) : m_output(std::move(output)), m_temp(std::move(temp)) {}
  ~SharedOutput() {
    if (m_created) ::unlink(m_temp.c_str());
  }
  SharedOutput(const SharedOutput&) = delete;
  SharedOutput& operator=(const SharedOutput&) = delete;

  /// Rank 0: the file with its header and its full size (a sparse file until the ranks fill it).
  void create(const std::string& header, std::uint64_t bytes) {
    const int fd = ::open(m_temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) throw Error(m_output + ": cannot create the temporary " + m_temp + " (" + std::strerror(errno) + ")");
    m_created = true;
    // The file it replaces keeps its mode, and its owner where this user may give it, as AtomicFile's outputs do
    // (fchmod after fchown, which may clear set-id bits).
    struct stat old {};
    if (::stat(m_output.c_str(), &old) == 0 && S_ISREG(old.st_mode)) {
      const bool owner_kept = ::fchown(fd, old.st_uid, old.st_gid) == 0;
      static_cast<void>(owner_kept);  // another user's file becomes this user's, as a new file would
      ::fchmod(fd, old.st_mode & 07777u);
    }
    const bool ok = ::pwrite(fd, header.data(), header.size(), 0) == static_cast<ssize_t>(header.size()) &&
                    ::ftruncate(fd, static_cast<off_t>(bytes)) == 0;
    const int saved = errno;
    ::close(fd);
    if (!ok) throw Error(m_output + ": cannot size the temporary " + m_temp + " (" + std::strerror(saved) + ")");
  }

  /// Every rank: rows [row_begin, row_end) of @p n values at their place after @p header_bytes.
  /// Returns the milliseconds spent reading the rows from the solver (the rest is writing).
  double write_rows(Solver& solver, int row_begin, int row_end, int n, std::size_t header_bytes) {
    const int fd = ::open(m_temp.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) throw Error(m_output + ": cannot open the temporary " + m_temp + " (" + std::strerror(errno) + ")");
    const std::size_t row_bytes = static_cast<std::size_t>(n) * sizeof(std::int32_t);
    const int chunk = static_cast<int>(std::max<std::size_t>(1, (std::size_t{64} << 20) / std::max<std::size_t>(row_bytes, 1)));
    std::vector<std::int32_t> rows(static_cast<std::size_t>(std::min(chunk, std::max(row_end - row_begin, 0))) *
                                   static_cast<std::size_t>(n));
    std::string failure;
    double download_ms = 0;
    for (int r = row_begin; r < row_end && failure.empty(); r += chunk) {
      const int count = std::min(chunk, row_end - r);
      const auto read_start = Clock::now();
      solver.read_rows(r, count, rows.data());
      download_ms += ms_since(read_start);
      const auto* p = reinterpret_cast<const char*>(rows.data());
      std::size_t left = static_cast<std::size_t>(count) * row_bytes;
      auto at = static_cast<off_t>(header_bytes + static_cast<std::size_t>(r) * row_bytes);
      while (left > 0) {
        const ssize_t put = ::pwrite(fd, p, left, at);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) {
          failure = std::strerror(errno);
          break;
        }
        p += put;
        at += put;
        left -= static_cast<std::size_t>(put);
      }
    }
    if (failure.empty() && ::fdatasync(fd) != 0) failure = std::strerror(errno);
    ::close(fd);
    if (!failure.empty()) throw Error(m_output + ": writing rows " + std::to_string(row_begin) + ".." +
                                      std::to_string(row_end - 1) + " failed (" + failure + ")");
    return download_ms;
  }

  /// Rank 0, once every rank wrote: the temporary takes the output's name.
  void commit() {
    if (::rename(m_temp.c_str(), m_output.c_str()) != 0)
      throw Error(m_output + ": cannot move the finished file into place (" + std::strerror(errno) + ")");
    m_created = false;
  }

 private:
  std::string m_output;
  std::string m_temp;
  bool m_created = false;
};

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

/// Everything refused before the graph is read, in the order a user fixes them.
void refuse_what_a_rank_cannot_run(const ProcessGroup& g, const RankSolveRequest& r) {
  const std::string what = "one process per GPU (rank " + std::to_string(g.rank) + " of " + std::to_string(g.world) +
                           ", from " + g.launcher + ")";
  if (r.backend != "cuda-tuned") throw UsageError(what + " runs --backend cuda-tuned only, not " + r.backend);
  if (r.options.gpus != 1)
    throw UsageError(what + ": --gpus " + std::to_string(r.options.gpus) +
                     " is refused, each rank drives one GPU (start more ranks instead)");
  if (!r.refused_flag.empty()) throw UsageError(what + " does not take " + r.refused_flag);
  if (!r.output.empty()) {
    // The ranks' file is renamed over the output: only a regular file may be replaced that way (never a
    // device such as /dev/null, a FIFO, or a symbolic link, which would lose its target).
    struct stat st {};
    if (!is_stdout(r.output) && ::lstat(r.output.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
      throw UsageError(what + " writes -o only to a new or regular file, and " + r.output + " is not one");
    const DistanceFormat f = r.out_format ? *r.out_format : distance_format_from_path(r.output);
    if (f == DistanceFormat::Csv || is_stdout(r.output))
      throw UsageError(what + " writes -o as .bin or .npy only (every rank writes its rows in place), not " +
                       (is_stdout(r.output) ? std::string("standard output") : std::string("csv")));
    if (is_write_protected(r.output)) throw UsageError(write_protected_message(r.output));
  }
}

}  // namespace

void add_rank_flags(CLI::App& app, RankFlags& flags) {
  app.add_option("--rank", flags.rank,
                 "One process per GPU: this process's rank, 0..world-1 (also APSP_RANK, or mpirun's / srun's)")
      ->check(CLI::Range(0, 1 << 20));
  app.add_option("--world-size", flags.world_size,
                 "One process per GPU: how many ranks (also APSP_WORLD_SIZE); cuda-tuned, .bin/.npy output")
      ->check(CLI::Range(1, 1 << 20));
  app.add_option("--rendezvous", flags.rendezvous,
                 "One process per GPU: HOST:PORT where rank 0 listens and hands out the NCCL id (also "
                 "APSP_RENDEZVOUS)");
}

std::optional<ProcessGroup> rank_process_group(const RankFlags& flags, const EnvLookup& env) {
  std::optional<ProcessGroup> group;
  if (flags.rank >= 0 || flags.world_size > 0) {
    if (flags.world_size <= 0) throw UsageError("--rank needs --world-size");
    if (flags.rank < 0) throw UsageError("--world-size needs --rank");
    if (flags.rank >= flags.world_size)
      throw UsageError("--rank " + std::to_string(flags.rank) + ": outside 0.." + std::to_string(flags.world_size - 1) +
                       " (--world-size " + std::to_string(flags.world_size) + ")");
    group = ProcessGroup{};
    group->rank = flags.rank;
    group->world = flags.world_size;
    group->launcher = "--rank";
    // A launcher's local rank still says which GPU of this host is ours.
    const std::optional<ProcessGroup> launched = discover_process_group(env);
    group->local_rank = launched && launched->world == flags.world_size ? launched->local_rank : flags.rank;
  } else {
    group = discover_process_group(env);
  }
  if (!group && !flags.rendezvous.empty())
    throw UsageError("--rendezvous is for one process per GPU: give --rank and --world-size too, or start the ranks "
                     "with a launcher (mpirun, srun)");
  if (group && group->world == 1) return std::nullopt;  // a world of one is an ordinary solve
  return group;
}

int run_rank_solve(ProcessGroup group, const RankFlags& flags, const EnvLookup& env, RankSolveRequest request) {
  const auto run_start = Clock::now();
  PhaseTimes times;
  // The one backend a rank runs is what "auto" means here.
  if (request.backend.empty() || request.backend == "auto") request.backend = "cuda-tuned";
  refuse_what_a_rank_cannot_run(group, request);
  std::string rendezvous_text = flags.rendezvous;
  std::string rendezvous_flag = "--rendezvous";
  if (rendezvous_text.empty()) {
    if (const std::optional<std::string> v = env("APSP_RENDEZVOUS")) {
      rendezvous_text = *v;
      rendezvous_flag = "APSP_RENDEZVOUS";
    }
  }
  if (rendezvous_text.empty())
    throw UsageError("one process per GPU: " + std::to_string(group.world) +
                     " ranks need --rendezvous HOST:PORT (or APSP_RENDEZVOUS) where rank 0 listens (this build has no "
                     "MPI to exchange the NCCL id)");
  const RendezvousAddress address = parse_rendezvous(rendezvous_text, rendezvous_flag);
  if (const std::string why = cuda_unavailable_reason(); !why.empty())
    throw UnavailableError("one process per GPU: no CUDA GPU (" + why + ")");
  // A launcher that gives each rank a GPU of its own (srun --gpus-per-task=1, CUDA_VISIBLE_DEVICES per rank)
  // leaves one device visible, whatever the local rank says.
  if (cuda_device_count() == 1) group.local_rank = 0;
  if (group.local_rank >= cuda_device_count())
    throw UnavailableError("one process per GPU: rank " + std::to_string(group.rank) + " wants GPU " +
                           std::to_string(group.local_rank) + " (its local rank) but this host has " +
                           std::to_string(cuda_device_count()));

  const std::string prefix = "rank " + std::to_string(group.rank) + ": ";
  SolvePlan plan = plan_dense_solve(request.backend, request.options, request.block_from_graph);
  const auto read_start = Clock::now();
  const LoadedGraph input = load_graph(request.source, plan.load);
  times.read_ms = ms_since(read_start);
  fit_to_graph(plan, input);
  // The set-up: meeting the other ranks (their reads included) and the devices' (CUDA context, NCCL communicator).
  const auto setup_start = Clock::now();
  const int n = input.graph.n;
  // Every rank must solve the same thing: anything else would mix bands of different matrices.
  const std::string solve_text = "n=" + std::to_string(n) + " m=" + std::to_string(input.graph.m()) +
                                 " block=" + std::to_string(plan.block()) +
                                 " dtype=" + std::string(to_string(plan.options.dtype)) + " backend=" + plan.backend +
                                 " graph=" + request.source.text;
  const std::uint64_t fingerprint = solve_fingerprint(solve_text);
  std::vector<unsigned char> session;
  if (group.rank == 0) session = make_nccl_unique_id();
  const std::unique_ptr<Rendezvous> ranks = Rendezvous::meet(group, address, fingerprint, session);
  group.nccl_id = session;
  plan.options.process_group = std::make_shared<const ProcessGroup>(group);
  plan.options.should_stop = [] {
    throw_if_stop_requested();
    return false;
  };
  const std::unique_ptr<Solver> solver = create_planned_solver(plan);
  times.setup_ms = ms_since(setup_start);
  // The whole edge list: the device builder skips edges outside this rank's band, and the range policy (which
  // reads every edge's weight) must be the same on every rank.
  std::exception_ptr load_failure;
  try {
    solver->reset(input.graph);
  } catch (...) {
    load_failure = std::current_exception();
  }
  // Every rank starts the compute together: a rank that loaded first would otherwise count its wait for the
  // others at the first broadcast as compute, and a rank that failed to load stops the others here rather than
  // leaving them waiting in NCCL.
  const bool all_loaded = ranks->barrier(!load_failure);
  if (load_failure) std::rethrow_exception(load_failure);
  if (!all_loaded) throw Error(prefix + "another rank failed to load the graph (see its message)");
  const Solver::LoadTimes load = solver->load_times();
  const auto t0 = Clock::now();
  while (!solver->finished()) {
    solver->step(Granularity::Round);
    throw_if_stop_requested();
  }
  solver->synchronize();
  times.compute_ms = ms_since(t0);
  times.built_on_device = load.built_on_device;
  times.build_ms = load.build_ms;
  times.upload_ms = load.upload_ms;

  const GpuRowBand band = multi_gpu_row_bands(n, plan.block(), group.world, plan.options.dtype)
                              .at(static_cast<std::size_t>(group.rank));
  if (!request.output.empty()) {
    const DistanceFormat format = request.out_format ? *request.out_format : distance_format_from_path(request.output);
    const std::string header = distance_header(format, n);
    const std::string target = output_path(request.output);
    // One name for every rank, unique to this run (rank 0's NCCL id is random).
    SharedOutput out(target, target + ".ranks-" + hex(solve_fingerprint(std::string(session.begin(), session.end())) ^ fingerprint));
    bool ok = true;
    std::string failure;
    if (group.rank == 0) {
      try {
        out.create(header, header.size() + static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n) * 4);
      } catch (const Error& e) {
        ok = false;
        failure = e.what();
      }
    }
    if (!ranks->barrier(ok)) throw Error(failure.empty() ? prefix + "another rank failed before writing (see its message)" : failure);
    static_assert(std::endian::native == std::endian::little, "the rows are written as the host holds them");
    const auto write_start = Clock::now();
    try {
      times.download_ms = out.write_rows(*solver, band.row_begin, band.row_end, n, header.size());
    } catch (const Error& e) {
      ok = false;
      failure = e.what();
    }
    times.write_ms = ms_since(write_start) - times.download_ms;
    const bool all_wrote = ranks->barrier(ok);
    if (!ok) throw Error(failure);
    if (!all_wrote) throw Error(prefix + "another rank failed while writing (see its message); " + request.output +
                                " was left as it was");
    if (group.rank == 0) out.commit();
  }
  times.wall_ms = ms_since(run_start);
  if (request.verbose)
    std::fprintf(stderr, "%s%s (rows %d..%d); end to end %s\n", prefix.c_str(), times.text().c_str(), band.row_begin,
                 band.row_end - 1, format_duration_ms(times.wall_ms).c_str());
  if (group.rank == 0 && !request.quiet) {
    const double nn = n;
    std::printf("%s: n = %d, m = %lld, %s, block %d, %s, %d ranks x 1 GPU: compute %s, %s updates/s -> %s\n",
                input.description.c_str(), n, static_cast<long long>(input.graph.m()), plan.backend.c_str(),
                plan.block(), std::string(to_string(plan.options.dtype)).c_str(), group.world,
                format_duration_ms(times.compute_ms).c_str(), si(nn * nn * nn / (times.compute_ms / 1e3)).c_str(),
                request.output.empty() ? "(distances not written)" : request.output.c_str());
  }
  return 0;
}

}  // namespace apsp::cli
