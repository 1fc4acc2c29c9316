#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/graph/generators.h>
#include <apsp/io/graph_io.h>
#include <apsp/io/graph_source.h>
#include <apsp/io/distance_stream.h>

#include <chrono>
#include <cstdio>
#include <sys/stat.h>

#include "mapped_file.h"

namespace apsp {

namespace {
bool has_negative_weight(const Graph& g) {
  for (const Edge& e : g.edges)
    if (e.weight < 0) return true;
  return false;
}

void throw_if_cancelled(const GraphLoadOptions& options, const std::string& what) {
  if (options.cancel && options.cancel->load()) throw Error(what + ": loading cancelled");
}
}  // namespace

std::string GraphSource::label() const { return (kind == Kind::File ? "file " : "generator ") + text; }

SolveShape GraphLoadOptions::shape() const {
  SolveShape s;
  if (!backend.empty()) s.backend = backend;
  s.block = block;
  s.dtype = dtype;
  s.threads = threads;
  s.gpus = gpus;
  s.track_paths = track_paths;
  s.builds_on_device = builds_on_device;
  s.streams_result = streams_result;
  // The largest the stream's buffers get (rows of any n fill the same chunk bytes).
  s.stream_buffer_bytes = distance_stream_buffer_bytes(std::int64_t{1} << 20, 1 << 20);
  return s;
}

GraphSource read_input_once(GraphSource source, std::uint64_t max_bytes, const std::atomic<bool>* cancel) {
  if (source.kind != GraphSource::Kind::File || source.contents) return source;
  struct stat st {};
  // A path that cannot be looked at is left to the load, which says why in its one line.
  if (::stat(source.text.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return source;
  const io_detail::MappedFile file(source.text, io_detail::StreamLimits{max_bytes, cancel});
  source.contents = file.read_bytes();
  return source;
}

LoadedGraph load_graph(const GraphSource& source, const GraphLoadOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const SolveShape shape = options.shape();
  GraphReadOptions read;
  read.block = options.block;
  read.dtype = options.dtype;
  // Right after the header only n is known: count the solve without the negative-cycle copy (a lower bound
  // of what it needs, so nothing that could fit is refused); the exact count follows once the weights are read.
  read.required_bytes = [shape](std::int64_t n) { return estimate_solve(shape, n, false).host_bytes; };
  read.cancel = options.cancel;
  LoadedGraph out;
  if (source.kind == GraphSource::Kind::Generator) {
    const GeneratorSpec spec = GeneratorSpec::parse(source.text);
    check_graph_memory(source.text, vertex_count(spec), read);  // before any edge is generated
    out.graph = generate(spec);
    out.description = spec.to_string();
    out.suggested_block = suggested_block(spec);
  } else {
    read.format = source.format;
    read.one_based = source.one_based;
    read.contents = source.contents;
    GraphReadResult r = read_graph(source.text, read);
    char description[512];
    std::snprintf(description, sizeof description, "%s (%s, read in %.1f ms)", source.text.c_str(),
                  std::string(to_string(r.format)).c_str(), r.read_seconds * 1e3);
    out.graph = std::move(r.graph);
    out.description = description;
    out.suggested_block = r.suggested_block;
  }
  throw_if_cancelled(options, source.label());
  out.estimate = estimate_solve(shape, out.graph.n, has_negative_weight(out.graph));
  const std::string n = std::to_string(out.graph.n);
  require_host_memory("solving the " + n + " x " + n + " " + std::string(to_string(options.dtype)) + " matrix of " +
                          source.text + " on " + shape.backend + " (input, working copies" +
                          (has_negative_weight(out.graph) ? ", negative-cycle copy" : "") + ", result)",
                      out.estimate.host_bytes);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace apsp
