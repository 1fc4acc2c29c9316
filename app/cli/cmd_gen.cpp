// apsp gen: every generator model, its parameters as --KEY VALUE options (or one --spec string).
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/io/graph_io.h>

#include <cstdio>
#include <map>
#include <memory>
#include <set>

#include "cli_common.h"
#include "commands.h"

namespace apsp::cli {

namespace {
struct GenArgs {
  std::string model = "er";
  std::string spec;
  std::string output;
  std::string format;
  std::map<std::string, std::string> values;  // key -> value, only those given
  bool neg = false;
};

std::string models_help() {
  std::string text = "\nModels (parameters with defaults):\n";
  for (const GeneratorModel& m : generator_models()) {
    text += "  " + m.name + ": " + m.help + "\n     ";
    for (const GeneratorParam& p : m.params) text += " --" + (p.key == "w" ? std::string("weights") : p.key) + " " + p.default_value;
    text += "\n";
  }
  text += "\nExample: apsp gen --model er --n 1000 --p 0.05 --seed 7 --weights 1:100 -o g.bin\n";
  text += "Same graph from a spec: apsp gen --spec er:n=1000,p=0.05,seed=7,w=1:100 -o g.bin\n";
  return text;
}
}  // namespace

Action add_gen(CLI::App& app) {
  auto args = std::make_shared<GenArgs>();
  CLI::Option* model = app.add_option("--model", args->model, "Generator model (see the list below)")->capture_default_str();
  // Both at once used to let the spec win silently: now a usage error.
  app.add_option("--spec", args->spec, "Whole spec 'model:key=value,...' instead of --model and parameters")
      ->excludes(model);
  app.add_option("-o,--output", args->output,
                 "Output graph file (format from the extension; '-': standard output, el unless --format says)")
      ->required();
  app.add_option("--format", args->format, "Output format: bin, gr, mtx, el");
  app.add_flag("--neg", args->neg, "Reweight with vertex potentials: negative edges, no negative cycles");
  std::set<std::string> keys;
  for (const GeneratorModel& m : generator_models())
    for (const GeneratorParam& p : m.params) keys.insert(p.key);
  for (const std::string& key : keys) {
    if (key == "neg") continue;
    const std::string flag = key == "w" ? "--weights,--w" : "--" + key;
    app.add_option_function<std::string>(flag, [args, key](const std::string& v) { args->values[key] = v; },
                                         "Model parameter '" + key + "'");
  }
  app.footer(models_help());
  return [args]() {
    GeneratorSpec spec;
    if (!args->spec.empty()) {
      spec = GeneratorSpec::parse(args->spec);
    } else {
      spec.model = args->model;
    }
    for (const auto& [k, v] : args->values) spec.params[k] = v;
    if (args->neg) spec.params["neg"] = "1";
    const Graph g = generate(spec);
    std::optional<GraphFormat> format;
    if (!args->format.empty()) format = parse_graph_format(args->format);
    if (is_stdout(args->output) && !format) format = GraphFormat::EdgeList;  // "-" has no extension: text
    if (format) refuse_binary_to_terminal(args->output, *format == GraphFormat::CourseBinary, std::string(to_string(*format)));
    write_graph(output_path(args->output), g, format);
    // The summary must not mix into a graph written to standard output.
    std::fprintf(is_stdout(args->output) ? stderr : stdout, "wrote %s: n = %d, m = %lld (%s)\n",
                 is_stdout(args->output) ? "standard output" : args->output.c_str(), g.n, static_cast<long long>(g.m()),
                 spec.to_string().c_str());
    return 0;
  };
}

}  // namespace apsp::cli
