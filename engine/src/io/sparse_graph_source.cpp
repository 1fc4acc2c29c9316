#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/graph/generators.h>
#include <apsp/io/graph_io.h>
#include <apsp/io/sparse_graph_source.h>

#include <chrono>
#include <cstdio>

namespace apsp {

namespace {
std::string purpose(std::int64_t n, const SparseLoadOptions& options, const std::string& what) {
  return "the CSR graph and the " + std::to_string(options.sources.count(n)) + " x " + std::to_string(n) +
         " i32 distances of " + what;
}
}  // namespace

std::uint64_t sparse_solve_bytes(std::int64_t n, std::int64_t m, const SparseLoadOptions& options) {
  std::uint64_t bytes = csr_build_bytes(n, m) + SourceDistances::bytes_for(options.sources.count(n), n);
  if (options.working_bytes) bytes += options.working_bytes(n, m);
  return bytes;
}

LoadedSparseGraph load_sparse_graph(const GraphSource& source, const SparseLoadOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  GraphReadOptions read;
  read.required_bytes = [&options](std::int64_t n) { return sparse_solve_bytes(n, 0, options); };
  read.required_for = purpose(0, options, source.text);
  read.cancel = options.cancel;
  LoadedSparseGraph out;
  Graph graph;
  if (source.kind == GraphSource::Kind::Generator) {
    const GeneratorSpec spec = GeneratorSpec::parse(source.text);
    const std::int64_t n = vertex_count(spec);
    read.required_for = purpose(n, options, source.text);
    check_graph_memory(source.text, n, read);  // before any edge is generated
    graph = generate(spec);
    out.description = spec.to_string();
  } else {
    read.format = source.format;
    read.one_based = source.one_based;
    read.contents = source.contents;
    // The header's n is not known yet: the message names the count once check_graph_memory has it.
    read.required_bytes = [&options, &read, &source](std::int64_t n) {
      read.required_for = purpose(n, options, source.text);
      return sparse_solve_bytes(n, 0, options);
    };
    GraphReadResult r = read_graph(source.text, read);
    char description[512];
    std::snprintf(description, sizeof description, "%s (%s, read in %.1f ms)", source.text.c_str(),
                  std::string(to_string(r.format)).c_str(), r.read_seconds * 1e3);
    graph = std::move(r.graph);
    out.description = description;
  }
  if (options.cancel && options.cancel->load()) throw Error(source.label() + ": loading cancelled");
  options.sources.resolve(graph.n);  // a source outside the graph is a usage error before any real work
  out.input_edges = graph.m();
  require_host_memory(purpose(graph.n, options, source.text) + " (" + std::to_string(graph.m()) + " edges)",
                      sparse_solve_bytes(graph.n, graph.m(), options));
  if (options.keep_edges) {
    out.graph = to_csr(graph);
    out.edges = std::move(graph);
  } else {
    out.graph = to_csr(std::move(graph));
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace apsp
