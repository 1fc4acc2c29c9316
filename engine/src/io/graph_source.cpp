#include <apsp/graph/generators.h>
#include <apsp/io/graph_io.h>
#include <apsp/io/graph_source.h>

#include <chrono>
#include <cstdio>

namespace apsp {

std::string GraphSource::label() const { return (kind == Kind::File ? "file " : "generator ") + text; }

LoadedGraph load_graph(const GraphSource& source, const GraphLoadOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  GraphReadOptions read;
  read.block = options.block;
  read.dtype = options.dtype;
  LoadedGraph out;
  if (source.kind == GraphSource::Kind::Generator) {
    const GeneratorSpec spec = GeneratorSpec::parse(source.text);
    check_graph_memory(source.text, vertex_count(spec), read);  // before any edge is generated
    out.graph = generate(spec);
    out.description = spec.to_string();
  } else {
    read.format = source.format;
    read.one_based = source.one_based;
    GraphReadResult r = read_graph(source.text, read);
    char description[512];
    std::snprintf(description, sizeof description, "%s (%s, read in %.1f ms)", source.text.c_str(),
                  std::string(to_string(r.format)).c_str(), r.read_seconds * 1e3);
    out.graph = std::move(r.graph);
    out.description = description;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace apsp
