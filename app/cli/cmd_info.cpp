// apsp info FILE: size, weights, format and the memory a solve needs; --device: CUDA device facts;
// --backends: every solver variant and whether it can run here.
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/memory.h>
#include <apsp/core/solve_estimate.h>
#include <apsp/core/option_limits.h>
#include <apsp/io/graph_io.h>
#include <apsp/device/device_info.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/sparse_registry.h>

#include <cstdio>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "text_table.h"

namespace apsp::cli {

namespace {
struct InfoArgs {
  std::string path;
  std::string format;
  bool one_based = false;
  bool device = false;
  bool backends = false;
  int block = 64;
};

void print_graph(const InfoArgs& a) {
  GraphReadOptions options;
  if (!a.format.empty()) options.format = parse_graph_format(a.format);
  options.one_based = a.one_based;
  options.check_memory = false;  // info reports the memory a solve needs instead of refusing
  const GraphReadResult r = read_graph(a.path, options);
  const Graph& g = r.graph;
  const auto [lo, hi] = g.weight_range();
  std::int64_t negative = 0, self_loops = 0;
  for (const Edge& e : g.edges) {
    negative += e.weight < 0;
    self_loops += e.src == e.dst;
  }
  std::printf("file:        %s\n", a.path.c_str());
  std::printf("format:      %s (%s, read in %s)\n", std::string(to_string(r.format)).c_str(),
              format_bytes(r.file_bytes).c_str(), format_duration_ms(r.read_seconds * 1e3).c_str());
  std::printf("vertices:    n = %d\n", g.n);
  std::printf("edges:       m = %lld (%lld negative, %lld self loops)\n", static_cast<long long>(g.m()),
              static_cast<long long>(negative), static_cast<long long>(self_loops));
  if (g.m() > 0) std::printf("weights:     %d .. %d\n", lo, hi);
  const std::uint64_t i32 = DistanceMatrix::required_bytes(g.n, a.block, DType::I32);
  const std::uint64_t i16 = DistanceMatrix::required_bytes(g.n, a.block, DType::I16);
  std::printf("matrix:      %s as i32, %s as i16 (block %d, padded to %d)\n", format_bytes(i32).c_str(),
              format_bytes(i16).c_str(), a.block, g.n > 0 ? DistanceMatrix::padded_size(g.n, a.block) : 0);
  // The loader's own count (solve_estimate.h), so that "fits" here means apsp solve will not refuse it.
  SolveShape shape;
  shape.block = a.block;
  const SolveEstimate cpu = estimate_solve(shape, g.n, negative > 0);
  // The limit that binds, as a refusal names it: MemAvailable, ulimit -v or a cgroup's memory.max.
  const HostMemory host = host_memory();
  std::printf("host memory: %s %s -> a cpu-blocked i32 solve needs %s: %s\n", format_bytes(host.available).c_str(),
              host.describe().c_str(), format_bytes(cpu.host_bytes).c_str(),
              cpu.host_bytes <= host.available ? "fits" : "does NOT fit");
  // Sparse solvers: the CSR graph, and one row of results per source instead of the matrix.
  const std::uint64_t csr = CsrGraph::bytes_for(g.n, g.m());
  std::printf("sparse:      CSR graph %s (at most; parallel edges merged); each source's row %s, all %lld rows %s\n",
              format_bytes(csr).c_str(), format_bytes(SourceDistances::bytes_for(1, g.n)).c_str(), static_cast<long long>(g.n),
              format_bytes(SourceDistances::bytes_for(g.n, g.n)).c_str());
  for (const DeviceInfo& d : cuda_devices(false))
    std::printf("GPU %d:       %s, %s free -> %s\n", d.index, d.name.c_str(), format_bytes(d.free_bytes).c_str(),
                i32 <= d.free_bytes ? "fits" : "does NOT fit");
}

void print_devices() {
  const std::vector<DeviceInfo> devices = cuda_devices(true);
  // No device is an answer, not an error: exit 0 like the rest of `apsp info` (the reason is a whole sentence).
  if (devices.empty()) {
    std::printf("%s\n", cuda_unavailable_reason().c_str());
    return;
  }
  for (const DeviceInfo& d : devices) {
    std::printf("GPU %d: %s (compute %d.%d)\n", d.index, d.name.c_str(), d.compute_major, d.compute_minor);
    std::printf("  SMs:              %d\n", d.sm_count);
    std::printf("  SM clock:         %.0f MHz\n", d.sm_clock_khz / 1e3);
    std::printf("  memory:           %s (%s free)\n", format_bytes(d.memory_bytes).c_str(), format_bytes(d.free_bytes).c_str());
    std::printf("  peak bandwidth:   %.0f GB/s\n", d.peak_bandwidth_gbps);
    std::printf("  min-plus peak:    %s updates/s int32 (SMs x 64 x clock), %s int16\n", si(d.minplus_peak_i32).c_str(),
                si(d.minplus_peak_i16).c_str());
    for (const KernelOccupancy& k : d.occupancy)
      std::printf("  occupancy:        %-36s %4d threads, %2d blocks/SM, %3.0f%%, %3d regs, %zu B smem\n", k.kernel.c_str(),
                  k.threads_per_block, k.blocks_per_sm, k.occupancy * 100, k.registers, k.shared_bytes);
  }
}

/// "available" or "unavailable", and the description with why it cannot run here.
std::string availability(bool available) { return available ? "available" : "unavailable"; }
std::string described(const std::string& description, bool available, const std::string& unavailable_reason) {
  return available ? description : description + " (" + unavailable_reason + ")";
}

void print_backends() {
  // One table for the dense and the sparse solvers, so that their columns line up too.
  TextTable table({TextTable::Align::Left, TextTable::Align::Left, TextTable::Align::Left});
  for (const BackendInfo& b : list_backends()) {
    std::string text = described(b.description, b.available, b.unavailable_reason);
    if (!b.block_sizes.empty()) {
      text += " [blocks:";
      for (int s : b.block_sizes) text += " " + std::to_string(s);
      text += "]";
    }
    table.add_row({b.name, availability(b.available), text});
  }
  // Sparse solvers take a CSR graph and --sources (apsp solve, apsp bench and the studio).
  for (const SparseBackendInfo& b : list_sparse_backends())
    table.add_row(
        {b.name, availability(b.available), "[sparse] " + described(b.description, b.available, b.unavailable_reason)});
  table.print(stdout);
  std::printf("default: auto (apsp solve): %s, or the sparse solver below the measured crossover (README \"auto\")\n",
              default_backend().c_str());
}
}  // namespace

Action add_info(CLI::App& app) {
  auto a = std::make_shared<InfoArgs>();
  app.add_option("file", a->path, "Graph file");
  app.add_option("--format", a->format, "Input format: bin, gr, mtx, el (default: from the extension)");
  app.add_flag("--one-based", a->one_based, "Edge-list vertex ids start at 1");
  app.add_option("--block", a->block, "Block size used for the memory figures")
      ->capture_default_str()
      ->check(CLI::Range(limits::kMinBlock, limits::kMaxBlock));
  app.add_flag("--device", a->device, "Describe the CUDA devices (SMs, clocks, bandwidth, min-plus peak, occupancy)");
  app.add_flag("--backends", a->backends, "List the solver variants and whether they can run here");
  return [a]() {
    if (!a->device && !a->backends && a->path.empty())
      throw UsageError("give a graph file, --device or --backends (see apsp info --help)");
    if (a->backends) print_backends();
    if (a->device) print_devices();
    if (!a->path.empty()) print_graph(*a);
    return 0;
  };
}

}  // namespace apsp::cli
