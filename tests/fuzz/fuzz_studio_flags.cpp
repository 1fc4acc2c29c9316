// Fuzz target: the studio's command line (parse_options), the flags scripted runs and tests rely on. The input is
// split into arguments: on NUL bytes when it has any (an argument may then hold a newline), else on newlines, so
// the corpus stays readable. parse_options must return (go on, 0 after --help/--version, 2 with a message) and
// never throw: main() calls it outside any handler. Whatever it lets through must be inside each flag's range.
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/graph/sources.h>

#include <cmath>
#include <sstream>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "options.h"

namespace {

using apsp::fuzz::require;
namespace limits = apsp::limits;

/// Bounds on what one input makes: CLI11's cost grows with the argument count, not with what it finds.
constexpr std::size_t kMaxArguments = 64;

std::vector<std::string> split_arguments(std::string_view text) {
  const char separator = text.find('\0') != std::string_view::npos ? '\0' : '\n';
  std::vector<std::string> args;
  while (!text.empty() && args.size() < kMaxArguments) {
    const std::size_t end = text.find(separator);
    args.emplace_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);  // a separator at the very end closes the last argument, it adds no empty one
  }
  return args;
}

bool in_range(int value, int lo, int hi) { return value >= lo && value <= hi; }
bool in_range(float value, float lo, float hi) { return std::isfinite(value) && value >= lo && value <= hi; }

/// The promises of an accepted command line, flag by flag.
void check_accepted(const apsp::studio::StudioOptions& o) {
  require(!o.block || in_range(*o.block, limits::kMinBlock, limits::kMaxBlock), "--block outside its range");
  require(!o.gpus || in_range(*o.gpus, 1, limits::kMaxGpus), "--gpus outside its range");
  require(!o.dtype || *o.dtype == "i32" || *o.dtype == "i16", "--dtype neither i32 nor i16");
  require(!o.threads || in_range(*o.threads, 0, limits::max_threads()), "--threads outside its range");
  for (int steps : {o.advance_phases, o.advance_k, o.back_rounds, o.back_phases, o.back_k})
    require(in_range(steps, 0, limits::kMaxAdvanceSteps), "a step count outside 0 .. kMaxAdvanceSteps");
  require(o.advance.empty() || o.advance == "all" || apsp::studio::parse_advance_rounds(o.advance),
          "--advance is no round count");
  require((o.width == 0 && o.height == 0) || (in_range(o.width, limits::kMinWindowSide, limits::kMaxWindowSide) &&
                                              in_range(o.height, limits::kMinWindowSide, limits::kMaxWindowSide)),
          "--size outside its range");
  require(o.scale == 0 || in_range(o.scale, limits::kMinUiScale, limits::kMaxUiScale), "--scale outside its range");
  require(o.rounds_per_second == 0 ||
              in_range(o.rounds_per_second, limits::kMinRoundsPerSecond, limits::kMaxRoundsPerSecond),
          "--rps outside its range");
  require(in_range(o.view_budget, limits::kMinViewBudget, limits::kMaxViewBudget), "--view-budget outside its range");
  require(in_range(o.heatmap_scale, limits::kMinHeatmapScale, limits::kMaxHeatmapScale),
          "--heatmap-scale outside its range");
  require(o.test.frames == 0 || in_range(o.test.frames, 1, limits::kMaxFrames), "--frames outside its range");
  require(o.test.synthetic_gpus == 0 ||
              in_range(o.test.synthetic_gpus, limits::kMinSyntheticGpus, limits::kMaxSyntheticGpus),
          "--synthetic-gpus outside its range");
  require(o.select.empty() || apsp::studio::parse_cell(o.select), "--select is not I:J");
  require(o.graph_file.empty() || o.gen_spec.empty(), "both a graph file and --gen");
  require(o.counters_csv.empty() || o.counters, "--counters-csv without --counters");
  require((o.sweep_csv.empty() && o.sweep_chart.empty()) || o.sweep, "--sweep-csv or --sweep-chart without a sweep");
  if (!o.sources.empty()) {
    try {
      (void)apsp::SourceSpec::parse(o.sources);
    } catch (const apsp::Error&) {
      require(false, "--sources accepted but does not parse");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = split_arguments(std::string_view(reinterpret_cast<const char*>(data), size));
  std::vector<char*> argv;
  std::string program = "apsp-studio";
  argv.push_back(program.data());
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  apsp::studio::StudioOptions options;
  std::ostringstream out, err;
  std::optional<int> stop;
  try {
    stop = apsp::studio::parse_options(static_cast<int>(argv.size() - 1), argv.data(), options, out, err);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz finding: parse_options threw: %s\n", e.what());
    std::abort();
  } catch (...) {
    require(false, "parse_options threw something that is not a std::exception");
  }
  if (!stop) {
    check_accepted(options);
  } else if (*stop == apsp::exit_status::kUsage) {
    const std::string message = err.str();
    require(message.rfind("apsp-studio: ", 0) == 0, "a usage error without its message");
  } else {
    require(*stop == apsp::exit_status::kOk && !out.str().empty(), "stopped with neither the help, the version nor 2");
  }
  return 0;
}
