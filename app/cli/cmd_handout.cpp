// apsp handout: a lesson's tables on paper (apsp/report/handout.h): D (and Π) after each k-step, phase or
// round of a classroom-sized graph, the changed cells marked, as LaTeX, SVG or one PDF.
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/io/output_paths.h>
#include <apsp/report/handout.h>
#include <apsp/solve/plan.h>

#include <cstdio>
#include <filesystem>
#include <memory>

#include "cli_common.h"
#include "commands.h"

namespace apsp::cli {

namespace {
struct HandoutArgs {
  std::string input;
  std::string gen_spec;
  std::string input_format;
  bool input_one_based = false;
  std::string format;
  std::string output;
  std::string granularity;  // empty: each k for plain Floyd–Warshall, each round for the blocked one
  std::string backend = "cpu-naive";
  int block = 64;
  std::string tables = "d,pi";
  bool one_based = false;
  bool fragment = false;
  int step = 0;
  bool quiet = false;
};

Granularity parse_granularity(const std::string& text) {
  if (text == "k") return Granularity::KStep;
  if (text == "phase") return Granularity::Phase;
  if (text == "round") return Granularity::Round;
  throw UsageError("--granularity '" + user_value_in_message(text) + "': expected k, phase or round");
}

HandoutTables parse_tables(const std::string& text) {
  HandoutTables t{false, false};
  for (const std::string& item : split_list(text)) {
    if (item == "d")
      t.distances = true;
    else if (item == "pi")
      t.predecessors = true;
    else
      throw UsageError("--tables '" + user_value_in_message(text) + "': expected d, pi or d,pi");
  }
  if (!t.distances && !t.predecessors) throw UsageError("--tables: name d, pi or both");
  return t;
}
}  // namespace

Action add_handout(CLI::App& app) {
  auto a = std::make_shared<HandoutArgs>();
  app.add_option("input", a->input, "Graph file (.bin course binary, .gr, .mtx, .txt/.el/.csv)");
  app.add_option("--gen", a->gen_spec, "Generate the graph instead: 'classroom:clrs', 'er:n=6,p=0.4,seed=1,w=1:9'");
  app.add_option("--input-format", a->input_format, "Graph format: bin, gr, mtx, el (default: from the extension)");
  app.add_flag("--input-one-based", a->input_one_based, "Edge-list vertex ids start at 1");
  app.add_option("--format", a->format,
                 "Handout format: tex (LaTeX), svg (one picture per step), pdf (one page per step)")
      ->required()
      ->check(CLI::IsMember({"tex", "svg", "pdf"}));
  app.add_option("-o,--output", a->output,
                 "Output file (tex, pdf), or folder of step-NN.svg (svg; a .svg file with --step)")
      ->required();
  app.add_option("--granularity", a->granularity,
                 "One table per k, phase or round (default: k for cpu-naive, round for cpu-blocked)")
      ->check(CLI::IsMember({"k", "phase", "round"}));
  app.add_option("--backend", a->backend, "cpu-naive (plain Floyd-Warshall, as CLRS) or cpu-blocked")
      ->capture_default_str()
      ->check(CLI::IsMember({"cpu-naive", "cpu-blocked"}));
  CLI::Option* block_flag =
      app.add_option("--block", a->block, "Block size B (default: the block a classroom graph suggests, else 64)")
          ->check(CLI::Range(limits::kMinBlock, limits::kMaxBlock));
  app.add_option("--tables", a->tables, "Tables per step: d (distances), pi (predecessors) or d,pi")
      ->capture_default_str();
  app.add_flag("--one-based", a->one_based, "Number vertices from 1 as CLRS does (the studio numbers from 0)");
  app.add_flag("--fragment", a->fragment, "tex: only the tables, to \\input into a document of your own");
  app.add_option("--step", a->step, "Only step N (0: the input; -1: the final tables)")
      ->check(CLI::Range(-1 - limits::kMaxHandoutVertices * 3, limits::kMaxHandoutVertices * 3));
  app.add_flag("-q,--quiet", a->quiet, "Print nothing on success");
  return [a, block_flag, &app]() {
    if (a->input.empty() && a->gen_spec.empty()) throw UsageError("no graph given; see apsp handout --help");
    const HandoutFormat format = parse_handout_format(a->format);
    if (a->fragment && format != HandoutFormat::Tex) throw UsageError("--fragment is for --format tex only");
    const HandoutTables tables = parse_tables(a->tables);
    refuse_empty_output_path("-o", a->output);
    // An SVG handout of several steps is a folder; every other output is one file, checked as apsp solve's.
    const bool folder = format == HandoutFormat::Svg && !(app.get_option("--step")->count() > 0 &&
                                                          std::filesystem::path(a->output).extension() == ".svg");
    if (folder && std::filesystem::exists(a->output) && !std::filesystem::is_directory(a->output))
      throw UsageError("-o " + user_value_in_message(a->output) +
                       ": an SVG handout is a folder of step-NN.svg, and a file has that name (give --step N and a "
                       ".svg name for one picture)");
    refuse_clashing_paths({{"the input", a->input}},
                          folder ? std::vector<NamedPath>{} : std::vector<NamedPath>{{"-o", a->output}});
    SolverOptions opts;
    opts.block = a->block;
    opts.threads = 1;                        // a few vertices: one thread, and the same run every time
    opts.track_paths = tables.predecessors;  // Π is kept by the CPU solvers at every step
    SolvePlan plan = plan_dense_solve(a->backend, opts, block_flag->count() == 0);
    const GraphSource source = graph_source(a->input, a->gen_spec, a->input_format, a->input_one_based);
    const LoadedGraph input = load_graph(source, plan.load);
    if (input.graph.n > limits::kMaxHandoutVertices)
      throw UsageError(input.description + ": " + std::to_string(input.graph.n) +
                       " vertices; a handout prints n x n tables of at most " +
                       std::to_string(limits::kMaxHandoutVertices) + " vertices");
    fit_to_graph(plan, input);
    const std::unique_ptr<Solver> solver = create_planned_solver(plan);
    HandoutOptions options;
    options.granularity =
        a->granularity.empty() ? default_handout_granularity(solver->blocked()) : parse_granularity(a->granularity);
    options.tables = tables;
    options.one_based = a->one_based;
    options.graph = source.text;
    Handout handout =
        collect_handout(*solver, to_distance_matrix(input.graph, plan.block(), plan.options.dtype), options);
    const std::size_t steps = handout.steps.size();
    if (app.get_option("--step")->count() > 0) keep_one_handout_step(handout, a->step);
    write_handout(handout, format, a->output, a->fragment);
    if (!a->quiet)
      std::printf("%s: n = %d, %s, %zu of %zu tables -> %s\n", input.description.c_str(), handout.n,
                  handout_title(handout).c_str(), handout.steps.size(), steps, a->output.c_str());
    return 0;
  };
}

}  // namespace apsp::cli
