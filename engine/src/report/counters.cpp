// Hardware counters per (round, phase, device): the round selection, the driver that steps a solver of its own
// phase by phase and measures the asked phases through a CounterSession (counter_session.h), the report's
// derived figures and CSV. The CUPTI calls themselves live in cupti/.
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/report/counters.h>
#include <apsp/solve/registry.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <set>

#include "report/counter_session.h"

namespace apsp::counters {

namespace {

int parse_round_number(std::string_view item, std::string_view option, std::string_view text) {
  int value = -1;
  const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
  if (item.empty() || ec != std::errc() || end != item.data() + item.size() || value < 0)
    throw UsageError(std::string(option) + " " + std::string(text) + ": '" + std::string(item) +
                     "' is not a round number (0, 1, ...); expected LIST (0,2,5), every:N or all");
  return value;
}

/// The metrics asked of CUPTI: the default set, then the extras. Their order is the values' order.
std::vector<std::string> metric_names(const std::vector<std::string>& extra) {
  std::vector<std::string> names;
  for (const MetricInfo& m : default_metrics()) names.emplace_back(m.metric);
  for (const std::string& e : extra)
    if (std::find(names.begin(), names.end(), e) == names.end()) names.push_back(e);
  return names;
}

/// The phases of one round in the order a solver runs them.
std::vector<Phase> round_phases(const Solver& solver) {
  if (solver.blocked()) return {Phase::Pivot, Phase::PivotRowCol, Phase::Independent};
  return {Phase::Full};
}

/// Fills the counters of @p entry from @p values (default_metrics() order, then the extras).
void fill_values(PhaseCounters& entry, const std::vector<double>& values, const std::vector<std::string>& names,
                 const std::vector<std::string>& extra) {
  if (values.size() != names.size())
    throw Error("hardware counters: " + std::to_string(values.size()) + " values for " + std::to_string(names.size()) +
                " metrics");
  std::size_t i = 0;
  entry.dram_read_bytes = values[i++];
  entry.dram_write_bytes = values[i++];
  entry.occupancy_pct = values[i++];
  entry.sm_throughput_pct = values[i++];
  entry.l2_hit_pct = values[i++];
  entry.shared_load_bytes = values[i++] * kSharedBytesPerWavefront;
  entry.shared_store_bytes = values[i++] * kSharedBytesPerWavefront;
  entry.instructions = values[i++];
  entry.kernel_ms = values[i++] * 1e-6;  // gpu__time_duration is in nanoseconds
  for (const std::string& e : extra) {
    const auto it = std::find(names.begin(), names.end(), e);
    entry.extra.emplace_back(e, values[static_cast<std::size_t>(it - names.begin())]);
  }
}

}  // namespace

// ---- RoundSelection --------------------------------------------------------------------------------------------

RoundSelection RoundSelection::parse(std::string_view text, std::string_view option) {
  RoundSelection s;
  if (text == "all") {
    s.kind = Kind::All;
    return s;
  }
  constexpr std::string_view kEvery = "every:";
  if (text.substr(0, kEvery.size()) == kEvery) {
    s.kind = Kind::Every;
    s.every = parse_round_number(text.substr(kEvery.size()), option, text);
    if (s.every < 1) throw UsageError(std::string(option) + " " + std::string(text) + ": N must be at least 1");
    return s;
  }
  std::set<int> rounds;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    rounds.insert(parse_round_number(text.substr(start, comma - start), option, text));
    start = comma + 1;
  }
  s.rounds.assign(rounds.begin(), rounds.end());
  return s;
}

bool RoundSelection::contains(int round) const {
  switch (kind) {
    case Kind::All:
      return true;
    case Kind::Every:
      return round % every == 0;
    case Kind::List:
      return std::binary_search(rounds.begin(), rounds.end(), round);
  }
  return false;
}

std::vector<int> RoundSelection::resolve(int total, std::string_view option) const {
  if (kind == Kind::All && total > kMaxAllRounds)
    throw UsageError(std::string(option) + " all: the run has " + std::to_string(total) + " rounds, more than " +
                     std::to_string(kMaxAllRounds) + " (each profiled phase is replayed); use every:N or a list");
  if (kind == Kind::List && !rounds.empty() && rounds.back() >= total)
    throw UsageError(std::string(option) + " " + to_string() + ": round " + std::to_string(rounds.back()) +
                     " is outside the run (rounds 0.." + std::to_string(total - 1) + ")");
  std::vector<int> out;
  for (int r = 0; r < total; ++r)
    if (contains(r)) out.push_back(r);
  return out;
}

std::string RoundSelection::to_string() const {
  switch (kind) {
    case Kind::All:
      return "all";
    case Kind::Every:
      return "every:" + std::to_string(every);
    case Kind::List:
      break;
  }
  std::string s;
  for (int r : rounds) {
    if (!s.empty()) s += ',';
    s += std::to_string(r);
  }
  return s;
}

// ---- metrics and derived figures -------------------------------------------------------------------------------

const std::vector<MetricInfo>& default_metrics() {
  static const std::vector<MetricInfo> metrics = {
      {"dram__bytes_read.sum", "dram_read_bytes", "bytes read from device memory (HBM)"},
      {"dram__bytes_write.sum", "dram_write_bytes", "bytes written to device memory (HBM)"},
      {"sm__warps_active.avg.pct_of_peak_sustained_active", "occupancy_pct",
       "achieved occupancy: active warps per SM over the most an SM can hold, while the SM was active"},
      {"sm__throughput.avg.pct_of_peak_sustained_elapsed", "sm_throughput_pct",
       "SM throughput: the busiest SM unit's use in % of its peak over the elapsed time"},
      {"lts__t_sector_hit_rate.pct", "l2_hit_pct", "L2 hit rate: sectors found in L2 over sectors asked for"},
      {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "shared_load_bytes",
       "shared-memory load wavefronts x 128 bytes (32 banks x 4 B): shared load bandwidth used"},
      {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "shared_store_bytes",
       "shared-memory store wavefronts x 128 bytes: shared store bandwidth used"},
      {"smsp__inst_executed.sum", "instructions", "warp instructions executed (all kinds)"},
      {"gpu__time_duration.sum", "kernel_ms", "GPU time of the range's kernels"},
  };
  return metrics;
}

double PhaseCounters::measured_over_modeled() const {
  return modeled_bytes > 0 ? dram_bytes() / static_cast<double>(modeled_bytes) : 0.0;
}

double PhaseCounters::arithmetic_intensity() const {
  return dram_bytes() > 0 ? static_cast<double>(updates) / dram_bytes() : 0.0;
}

double PhaseCounters::updates_per_s() const {
  return kernel_ms > 0 ? static_cast<double>(updates) / (kernel_ms * 1e-3) : 0.0;
}

const PhaseCounters* CounterReport::find(int round, Phase phase, int dev) const {
  for (const PhaseCounters& p : phases)
    if (p.round == round && p.phase == phase && p.device == dev) return &p;
  return nullptr;
}

std::string phase_tag(Phase phase) {
  switch (phase) {
    case Phase::Pivot:
      return "p1";
    case Phase::PivotRowCol:
      return "p2";
    case Phase::Independent:
      return "p3";
    default:
      return std::string(to_string(phase));
  }
}

std::string range_name(int round, Phase phase, int device) {
  const std::string p = phase_tag(phase);
  std::string name = "r";
  name += std::to_string(round);
  name += '/';
  name += p;
  name += "/dev";
  name += std::to_string(device);
  return name;
}

std::string counters_csv(const std::vector<CounterReport>& reports, const ExportContext& context) {
  std::string text = csv_context_comments(context);
  if (reports.empty()) return text + counters_csv_header({});
  const CounterReport& first = reports.front();
  text += "# rounds: " + first.rounds + "\n";
  text += "# shared bytes: wavefronts x " + std::to_string(static_cast<int>(kSharedBytesPerWavefront)) +
          " (32 banks x 4 B)\n";
  text += "# instructions: " + first.instruction_note + "\n";
  text += counters_csv_header(first.extra_metrics);
  for (const CounterReport& r : reports) text += counters_csv_rows(r);
  return text;
}

std::string counters_csv_header(const std::vector<std::string>& extra_metrics) {
  std::string out =
      "backend,round,phase,device,kernel_ms,updates,modeled_bytes,dram_read_bytes,dram_write_bytes,"
      "measured_over_modeled,occupancy_pct,sm_throughput_pct,l2_hit_pct,shared_load_bytes,"
      "shared_store_bytes,instructions,updates_per_dram_byte,updates_per_s";
  for (const std::string& e : extra_metrics) out += "," + e;
  return out + "\n";
}

std::string counters_csv_rows(const CounterReport& report) {
  std::string out;
  char buf[512];
  for (const PhaseCounters& p : report.phases) {
    out += report.backend + ",";
    std::snprintf(buf, sizeof buf, "%d,%s,%d,%.6f,%llu,%llu,%.0f,%.0f,%.4f,%.2f,%.2f,%.2f,%.0f,%.0f,%.0f,%.6g,%.6g",
                  p.round, std::string(to_string(p.phase)).c_str(), p.device, p.kernel_ms,
                  static_cast<unsigned long long>(p.updates), static_cast<unsigned long long>(p.modeled_bytes),
                  p.dram_read_bytes, p.dram_write_bytes, p.measured_over_modeled(), p.occupancy_pct,
                  p.sm_throughput_pct, p.l2_hit_pct, p.shared_load_bytes, p.shared_store_bytes, p.instructions,
                  p.arithmetic_intensity(), p.updates_per_s());
    out += buf;
    for (const auto& [name, value] : p.extra) {
      std::snprintf(buf, sizeof buf, ",%.6g", value);
      out += buf;
    }
    out += "\n";
  }
  return out;
}

// ---- the driver ------------------------------------------------------------------------------------------------

std::string counters_unavailable_reason() {
  if (std::string why = detail::counter_build_unavailable_reason(); !why.empty()) return why;
  if (cuda_device_count() == 0) return cuda_unavailable_reason();
  return {};
}

namespace detail {

void profile_phases(Solver& solver, const CounterRequest& request, const DistanceMatrix& initial,
                    CounterSession& session, const CounterProgress& progress, CounterReport& report) {
  const std::vector<std::string> names = metric_names(request.extra_metrics);
  solver.reset(initial);
  const std::vector<int> asked = request.rounds.resolve(solver.rounds());
  const std::vector<Phase> phases = round_phases(solver);
  const int total = static_cast<int>(asked.size() * phases.size());
  int done = 0;
  DistanceMatrix round_start;
  for (int round = 0; round < solver.rounds(); ++round) {
    if (!request.rounds.contains(round)) {
      solver.step(Granularity::Round);  // no range: runs as it always does
      continue;
    }
    solver.synchronize();
    solver.read_state(round_start);  // every pass of every phase of this round starts here
    for (std::size_t i = 0; i < phases.size(); ++i) {
      const Phase phase = phases[i];
      // Outside the range: back to the round's start, then the earlier phases (cuda-tuned's phase 3 reads the
      // panels its phase 2 wrote, so a phase is only replayed after the phases before it).
      const auto prepare = [&] {
        solver.restore(round_start, round);
        for (std::size_t j = 0; j < i; ++j) solver.step(Granularity::Phase);
        solver.synchronize();
      };
      const auto run = [&] {
        solver.step(Granularity::Phase);
        solver.synchronize();
      };
      const std::vector<double> values = session.measure(range_name(round, phase, request.device), prepare, run);
      PhaseCounters entry;
      entry.round = round;
      entry.phase = phase;
      entry.device = request.device;
      fill_values(entry, values, names, request.extra_metrics);
      // The model of the last pass (restore() dropped the earlier passes' samples of this round).
      solver.collect_timings(true);
      for (const PhaseSample& s : solver.profile().samples()) {
        if (s.round != round || s.phase != phase) continue;
        entry.modeled_bytes += s.bytes;
        entry.updates += s.updates;
      }
      report.phases.push_back(std::move(entry));
      ++done;
      if (progress && !progress(done, total)) {
        report.passes = session.passes();
        return;
      }
    }
  }
  report.passes = session.passes();
}

}  // namespace detail

CounterReport collect_counters(const CounterRequest& request, const DistanceMatrix& initial,
                               const CounterProgress& progress) {
  const BackendInfo info = backend_info(request.backend);
  if (!info.gpu) throw UsageError("hardware counters need a CUDA backend; " + request.backend + " runs on the CPU");
  if (request.options.gpus != 1)
    throw UnavailableError("--gpus " + std::to_string(request.options.gpus) +
                           ": counters are collected on one GPU only (CUPTI's range profiler is per device context); "
                           "profile with --gpus 1");
  if (const std::string why = counters_unavailable_reason(); !why.empty())
    throw UnavailableError("hardware counters unavailable: " + why);
  const std::vector<DeviceInfo> devices = cuda_devices(false);
  if (request.device < 0 || request.device >= static_cast<int>(devices.size()))
    throw UsageError("--device " + std::to_string(request.device) + ": there are " + std::to_string(devices.size()) +
                     " CUDA devices");
  const DeviceInfo& device = devices[static_cast<std::size_t>(request.device)];

  CounterReport report;
  report.backend = request.backend;
  report.options = request.options;
  report.device = request.device;
  report.device_name = device.name;
  report.minplus_peak = request.options.dtype == DType::I16 ? device.minplus_peak_i16 : device.minplus_peak_i32;
  report.bandwidth_gbps = device.peak_bandwidth_gbps;
  report.extra_metrics = request.extra_metrics;
  report.rounds = request.rounds.to_string();
  report.instruction_note =
      "no CUPTI metric isolates the min-plus instructions (VIADDMNMX / VIMNMX share the integer pipes with address "
      "arithmetic): 'instructions' counts every warp instruction";

  // The solver and the counters on the asked device: a CUDA solver makes its buffers on the current device.
  std::unique_ptr<detail::CounterSession> session =
      detail::open_counter_session(request.device, metric_names(request.extra_metrics));
  std::unique_ptr<Solver> solver = create_solver(request.backend, request.options);
  detail::profile_phases(*solver, request, initial, *session, progress, report);
  report.n = solver->n();
  report.rounds_total = solver->rounds();
  return report;
}

}  // namespace apsp::counters
