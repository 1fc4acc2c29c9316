// apsp profile: hardware counters per (round, phase, device) through CUPTI (engine apsp/report/counters.h) for
// one or several CUDA variants on one graph: a table with the measured DRAM bytes beside the round model's
// bytes, --csv with the export context, --roofline a PNG (app/chart roofline.h). Counters replay every
// profiled phase, so only the asked rounds are profiled and the command says so before it starts.
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/option_limits.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/core/version.h>
#include <apsp/io/atomic_file.h>
#include <apsp/report/export_context.h>
#include <apsp/report/counters.h>
#include <apsp/solve/ladder.h>
#include <apsp/solve/plan.h>
#include <apsp/solve/registry.h>
#include <unistd.h>

#include <cstdio>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#if APSP_CLI_HAVE_CHARTS
#include <chart/roofline.h>
#endif

namespace apsp::cli {

namespace {
struct ProfileArgs {
  std::string input;
  std::string gen_spec;
  std::string format;
  bool one_based = false;
  std::string backends = "cuda-tuned";
  int block = 64;
  std::string dtype = "i32";
  int gpus = 1;
  int device = 0;
  std::string rounds = "0";
  std::string metrics = "default";
  std::string csv;
  std::string roofline;
};

/// "default" or "default,EXTRA,..." or "EXTRA,...": the CUPTI metrics collected besides the default set.
std::vector<std::string> extra_metrics(const std::string& text) {
  std::vector<std::string> extra;
  for (const std::string& m : split_list(text))
    if (m != "default") extra.push_back(m);
  return extra;
}

void print_table(std::FILE* out, const counters::CounterReport& r) {
  std::fprintf(out, "%s, n = %d, block %d, %s, GPU %d %s: %d rounds, %d passes per profiled phase\n", r.backend.c_str(),
               r.n, r.options.block, std::string(to_string(r.options.dtype)).c_str(), r.device, r.device_name.c_str(),
               r.rounds_total, r.passes);
  std::fprintf(out, "  %5s %5s %3s %9s %10s %10s %10s %10s %7s %6s %6s %6s %10s %10s %10s\n", "round", "phase", "dev",
               "kernel", "updates/s", "DRAM read", "DRAM write", "modeled", "meas/mod", "occ %", "SM %", "L2 %",
               "smem ld", "smem st", "warp inst");
  for (const counters::PhaseCounters& p : r.phases) {
    std::fprintf(out, "  %5d %5s %3d %9s %10s %10s %10s %10s %7.2fx %6.1f %6.1f %6.1f %10s %10s %10s\n", p.round,
                 counters::phase_tag(p.phase).c_str(), p.device, format_duration_ms(p.kernel_ms).c_str(),
                 si(p.updates_per_s()).c_str(), format_bytes(static_cast<std::uint64_t>(p.dram_read_bytes)).c_str(),
                 format_bytes(static_cast<std::uint64_t>(p.dram_write_bytes)).c_str(),
                 format_bytes(p.modeled_bytes).c_str(), p.measured_over_modeled(), p.occupancy_pct, p.sm_throughput_pct,
                 p.l2_hit_pct, format_bytes(static_cast<std::uint64_t>(p.shared_load_bytes)).c_str(),
                 format_bytes(static_cast<std::uint64_t>(p.shared_store_bytes)).c_str(), si(p.instructions).c_str());
    for (const auto& [name, value] : p.extra) std::fprintf(out, "        %s = %g\n", name.c_str(), value);
  }
}

void write_csv(const std::string& path, const ProfileArgs& a, const std::vector<counters::CounterReport>& reports,
               const std::string& graph) {
  const counters::CounterReport& first = reports.front();
  // Run id "-": profiles are not runs of the history, their timings are perturbed by the replays.
  // The context as the CSV is written, just after the profiled runs.
  RunContext run = collect_run_context(first.options.threads, /*on_gpu=*/true);
  run.phase2 = phase2_of(a.backends, first.options.phase2);
  const ExportContext context = ExportContextBuilder()
                                    .solve(a.backends, first.options, first.n)
                                    .graph(graph)
                                    .device(first.device_name)
                                    .run_context(std::move(run))
                                    .build();
  AtomicFile f(output_path(path));
  f.write(counters::counters_csv(reports, context));
  f.commit();
}
}  // namespace

Action add_profile(CLI::App& app) {
  auto a = std::make_shared<ProfileArgs>();
  app.add_option("input", a->input, "Graph file (.bin course binary, .gr, .mtx, .txt/.el/.csv)");
  app.add_option("--gen", a->gen_spec, "Generate the graph instead: 'er:n=4096,p=0.05,seed=1,w=1:100'");
  app.add_option("--format", a->format, "Input format: bin, gr, mtx, el (default: from the extension)");
  app.add_flag("--one-based", a->one_based, "Edge-list vertex ids start at 1");
  app.add_option("--backend", a->backends, "Comma-separated CUDA variants, profiled in turn onto one roofline")
      ->capture_default_str();
  app.add_option("--block", a->block, "Block size B")
      ->capture_default_str()
      ->check(CLI::Range(limits::kMinBlock, limits::kMaxBlock));
  app.add_option("--dtype", a->dtype, "Distance type: i32 or i16")->capture_default_str();
  app.add_option("--gpus", a->gpus, "GPUs (counters are collected on one GPU: only 1 is accepted)")
      ->capture_default_str()
      ->check(CLI::Range(1, limits::kMaxGpus));
  app.add_option("--device", a->device, "CUDA device to profile on")->capture_default_str()->check(CLI::Range(0, 63));
  app.add_option("--rounds", a->rounds, "Rounds to profile: LIST (0,2,5), every:N or all (short runs)")
      ->capture_default_str();
  app.add_option("--metrics", a->metrics,
                 "Counters: 'default' (DRAM bytes, occupancy, SM throughput, L2 hit rate, shared bytes, instructions, "
                 "kernel time), plus any CUPTI metric names listed after it")
      ->capture_default_str();
  app.add_option("--csv", a->csv, "Write one row per (backend, round, phase, device) as CSV ('-': standard output)");
  app.add_option("--roofline", a->roofline, "Write a roofline chart PNG: each (backend, phase) one point");
  app.footer(backends_help());
  return [a]() {
    if (a->input.empty() && a->gen_spec.empty()) throw UsageError("no graph given; see apsp profile --help");
    const counters::RoundSelection rounds = counters::RoundSelection::parse(a->rounds);
    const std::vector<std::string> backends = split_list(a->backends);
    if (backends.empty()) throw UsageError("--backend: give at least one CUDA variant");
#if !APSP_CLI_HAVE_CHARTS
    if (!a->roofline.empty())
      throw UnavailableError("--roofline: this apsp was built without charts (Dear ImGui, stb)");
#endif
    if (is_stdout(a->roofline) && isatty(STDOUT_FILENO) == 1)
      throw UsageError("--roofline -: a PNG is binary; not writing it to a terminal (redirect it)");
    if (is_stdout(a->roofline) && is_stdout(a->csv))
      throw UsageError("--csv - and --roofline -: only one of them can go to standard output");
    // Before any work: one line when counters cannot be read here at all.
    if (const std::string why = counters::counters_unavailable_reason(); !why.empty())
      throw UnavailableError("hardware counters unavailable: " + why);
    if (a->gpus != 1)
      throw UnavailableError("--gpus " + std::to_string(a->gpus) +
                             ": counters are collected on one GPU only (CUPTI's range profiler is per device context); "
                             "profile with --gpus 1");
    for (const std::string& b : backends)
      if (!backend_info(b).gpu) throw UsageError("--backend " + user_value_in_message(b) + ": hardware counters need a CUDA variant");

    SolverOptions opts;
    opts.block = a->block;
    opts.dtype = parse_dtype(a->dtype);
    opts.gpus = 1;
    // Every backend is checked (name, block, dtype) before anything is read; the graph loads for the first.
    std::vector<SolvePlan> plans;
    for (const std::string& b : backends) plans.push_back(plan_dense_solve(b, opts, false));

    std::FILE* table = is_stdout(a->csv) || is_stdout(a->roofline) ? stderr : stdout;  // stdout: the file alone
    std::fprintf(stderr,
                 "apsp profile: hardware counters replay each profiled phase once per counter pass (several times) "
                 "and serialize the GPU: this is slow, and its times are not the plain timings (use apsp bench)\n");
    const GraphSource source = graph_source(a->input, a->gen_spec, a->format, a->one_based);
    const LoadedGraph input = load_graph(source, plans.front().load);
    const DistanceMatrix initial = to_distance_matrix(input.graph, opts.block, opts.dtype);

    std::vector<counters::CounterReport> reports;
    for (const std::string& b : backends) {
      counters::CounterRequest request;
      request.backend = b;
      request.options = opts;
      request.rounds = rounds;
      request.device = a->device;
      request.extra_metrics = extra_metrics(a->metrics);
      // A progress line on a terminal only (piped output stays clean): each phase takes several replays.
      const bool tty = isatty(STDERR_FILENO) == 1;
      reports.push_back(counters::collect_counters(request, initial, [&](int done, int total) {
        if (tty) std::fprintf(stderr, "\r\033[Kapsp profile: %s: %d / %d phases", b.c_str(), done, total);
        return true;
      }));
      if (tty) std::fprintf(stderr, "\r\033[K");
      print_table(table, reports.back());
    }
    std::fprintf(table,
                 "DRAM = device memory; modeled = the round model's bytes (the GB/s figures of bench and the studio); "
                 "smem = shared-memory wavefronts x 128 B; %s\n",
                 reports.front().instruction_note.c_str());
    std::fflush(table);
    if (!a->csv.empty()) write_csv(a->csv, *a, reports, source.text);
#if APSP_CLI_HAVE_CHARTS
    if (!a->roofline.empty())
      chart::write_roofline_png(output_path(a->roofline), chart::roofline_from_reports(reports));
#endif
    return 0;
  };
}

}  // namespace apsp::cli
