// Fuzz target: generator specs ("er:n=256,p=0.05,seed=1"): parse, the canonical text round trip, vertex_count,
// and generation itself for specs small enough to build quickly.
#include <apsp/graph/generators.h>

#include "fuzz_support.h"

namespace {

/// Specs that would build more vertices are only parsed and counted: generation cost grows with n^2 for the
/// dense models, and the point here is the parsing and the parameter checks, not big graphs.
constexpr std::int64_t kMaxGeneratedVertices = 300;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apsp;
  const std::string text(reinterpret_cast<const char*>(data), size);
  fuzz::expect_only_apsp_errors([&] {
    const GeneratorSpec spec = GeneratorSpec::parse(text);
    const std::string canonical = spec.to_string();
    fuzz::require(GeneratorSpec::parse(canonical).to_string() == canonical, "to_string() does not parse back to itself");
    const std::int64_t n = vertex_count(spec);
    if (n > kMaxGeneratedVertices) return;
    const Graph g = generate(spec);
    fuzz::require(g.n == n, "generate() built another n than vertex_count() promised");
    for (const Edge& e : g.edges)
      fuzz::require(e.src >= 0 && e.src < g.n && e.dst >= 0 && e.dst < g.n, "generated an edge endpoint outside 0..n-1");
  });
  return 0;
}
