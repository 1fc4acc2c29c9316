#include "launch.h"

#include <apsp/solve/block_size.h>
#include <apsp/solve/sparse_registry.h>

#include <algorithm>

#include "session/multi_gpu_stats.h"

namespace apsp::studio {
namespace {

bool offers_block(const BackendInfo& b, int block) {
  return b.block_sizes.empty() || std::find(b.block_sizes.begin(), b.block_sizes.end(), block) != b.block_sizes.end();
}

const BackendInfo* find_backend(const std::vector<BackendInfo>& backends, const std::string& name) {
  auto it = std::find_if(backends.begin(), backends.end(), [&](const BackendInfo& b) { return b.name == name; });
  return it != backends.end() ? &*it : nullptr;
}

SolverConfig resolve_solver(const StudioOptions& options, const Settings& saved, const LaunchMachine& machine,
                            LaunchPlan& plan) {
  SolverConfig config;
  config.backend = !options.backend.empty() ? options.backend
                   : !saved.backend.empty() ? saved.backend
                                            : machine.default_backend;
  config.block = options.block ? *options.block : saved.block;
  config.dtype = options.dtype.value_or(saved.dtype) == "i16" ? DType::I16 : DType::I32;
  if (!options.sources.empty()) {  // sparse backends
    config.sources = options.sources;
    if (!is_sparse_backend(config.backend))
      plan.warnings.push_back("--sources " + options.sources + ": " + config.backend +
                              " is a Floyd-Warshall variant and solves every row; --sources chooses the rows of the "
                              "sparse solvers");
  }

  // A remembered backend that cannot run here (settings from a GPU machine) falls back instead of failing.
  if (options.backend.empty()) {
    const BackendInfo* remembered = find_backend(machine.backends, config.backend);
    if (!remembered || !remembered->available) {
      if (remembered) plan.warnings.push_back(config.backend + " unavailable here: " + remembered->unavailable_reason);
      config.backend = machine.default_backend;
    }
  }
  // --block without --backend: a default or remembered backend that cannot take it (cuda-tuned's tiles against a
  // lesson's B = 2 on a GPU machine) gives way to cpu-blocked, which takes any block, instead of refusing.
  if (options.backend.empty() && options.block) {
    const BackendInfo* current = find_backend(machine.backends, config.backend);
    const BackendInfo* any_block = find_backend(machine.backends, "cpu-blocked");
    if (current && !offers_block(*current, *options.block) && any_block && any_block->available) {
      plan.warnings.push_back(config.backend + " does not take --block " + std::to_string(*options.block) +
                              "; using cpu-blocked");
      config.backend = any_block->name;
    }
  }
  // A block size the backend does not offer (unless asked for explicitly: then the solver says why not).
  const BackendInfo* chosen = find_backend(machine.backends, config.backend);
  if (chosen && !options.block) config.block = supported_block_or_first(*chosen, config.block);

  // GPU count: --gpus must be possible here (exit 2 otherwise, as for a bad block size); a remembered count
  // larger than this machine allows falls back to 1.
  const GpuChoice choice =
      gpu_choice(machine.gpu_count, machine.gpu_unavailable_reason, config.backend, chosen && chosen->multi_gpu);
  if (options.gpus) {
    plan.usage_error = check_gpu_request(*options.gpus, choice);
    config.gpus = *options.gpus;
  } else if (saved.gpus > 1) {
    if (auto error = check_gpu_request(saved.gpus, choice)) {
      plan.warnings.push_back("saved GPU count: " + *error + "; using 1");
    } else {
      config.gpus = saved.gpus;
    }
  }
  plan.gpu_control = choice.reason.empty() ? "GPU count control: 1 to " + std::to_string(choice.max_gpus) + " GPUs"
                                           : "GPU count control greyed: " + choice.reason;
  return config;
}

GraphSource resolve_graph(const StudioOptions& options, const Settings& saved) {
  if (!options.graph_file.empty()) return {GraphSource::Kind::File, options.graph_file};
  if (!options.gen_spec.empty()) return {GraphSource::Kind::Generator, options.gen_spec};
  if (!saved.graph.empty()) {
    return {saved.graph_kind == "file" ? GraphSource::Kind::File : GraphSource::Kind::Generator, saved.graph};
  }
  return {GraphSource::Kind::Generator, kDemoGraph};
}

}  // namespace

LaunchPlan resolve_launch(const StudioOptions& options, const Settings& saved_settings, const LaunchMachine& machine) {
  LaunchPlan plan;
  plan.batch = options.scripted();
  // The one place batch runs leave the saved settings aside: everything below reads `saved`.
  const Settings defaults;
  const Settings& saved = plan.batch ? defaults : saved_settings;

  plan.config = resolve_solver(options, saved, machine, plan);
  plan.graph = resolve_graph(options, saved);
  plan.steps = {options.advance, options.advance_phases, options.advance_k, options.select};
  // The demo opens mid-lesson unless a flag says where to stand (going back included).
  const bool demo = options.graph_file.empty() && options.gen_spec.empty() && saved.graph.empty();
  const bool placed = plan.steps != LaunchSteps{} || options.back_rounds > 0 || options.back_phases > 0 ||
                      options.back_k > 0 || !options.quiz.empty();  // a quiz moves to its own steps
  if (demo && !placed) plan.steps = kDemoSteps;
  if (demo && options.backend.empty()) plan.config.backend = kDemoBackend;
  plan.graph_failure_is_fatal = plan.batch || !options.graph_file.empty() || !options.gen_spec.empty();
  // Interactive: leave one core to the frame loop (and to software GL) so the window stays responsive.
  plan.cpu_threads = plan.batch || machine.cpu_cores < 2 ? 0 : static_cast<int>(machine.cpu_cores) - 1;
  if (options.threads) {  // --threads: as asked, 0 meaning every core; the solver panel starts from it
    plan.cpu_threads = *options.threads;
    plan.config.threads = *options.threads;
  }

  plan.colormap = options.colormap.value_or(saved.colormap);
  plan.overlays = options.overlays.value_or(saved.overlays);
  plan.grid = saved.grid;
  plan.rounds_per_second = options.rounds_per_second > 0 ? options.rounds_per_second : saved.rounds_per_second;
  plan.window_width = options.width;
  plan.window_height = options.height;
  if (options.width == 0 && saved.window_width > 0) {
    plan.window_width = saved.window_width;
    plan.window_height = saved.window_height;
  }
  return plan;
}

Settings settings_to_save(Settings previous, const AppState& state, std::optional<std::pair<int, int>> window) {
  Settings s = std::move(previous);
  const SessionSnapshot& session = state.session;
  if (session.has_graph) {
    s.graph_kind = session.graph.source.kind == GraphSource::Kind::File ? "file" : "gen";
    s.graph = session.graph.source.text;
  }
  if (session.has_solver) {
    s.backend = session.config.backend;
    s.block = session.config.block;
    s.dtype = std::string(to_string(session.config.dtype));
    s.gpus = session.config.gpus;
  }
  s.colormap = state.view.colormap;
  s.overlays = state.view.overlays;
  s.grid = state.view.grid;
  s.rounds_per_second = state.playback.rounds_per_second;
  if (window) {
    s.window_width = window->first;
    s.window_height = window->second;
  }
  return s;
}

}  // namespace apsp::studio
