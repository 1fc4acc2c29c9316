// Generators: spec parsing, determinism (byte-identical files), requested sizes, and potential reweighting.
#include "io_test_support.h"

#include <apsp/graph/generators.h>
#include <apsp/io/graph_io.h>
#include <apsp/solve/range_policy.h>

#include <cmath>
#include <set>

using namespace apsp;
using apsp_test::TempDir;

namespace {
Graph gen(const std::string& spec) { return generate(GeneratorSpec::parse(spec)); }

std::string written(const Graph& g, const TempDir& dir, const std::string& name) {
  write_graph(dir.file(name), g);
  return apsp_test::read_bytes(dir.file(name));
}
}  // namespace

TEST(GeneratorSpec, ParseAndCanonicalText) {
  const GeneratorSpec s = GeneratorSpec::parse("er:p=0.1,n=50,w=-5:10,seed=9");
  EXPECT_EQ(s.model, "er");
  EXPECT_EQ(s.params.at("n"), "50");
  EXPECT_EQ(s.params.at("w"), "-5:10");
  EXPECT_EQ(s.to_string(), "er:n=50,p=0.1,seed=9,w=-5:10");
  EXPECT_EQ(GeneratorSpec::parse(s.to_string()).params, s.params);
  EXPECT_EQ(GeneratorSpec::parse("ring").to_string(), "ring");
}

TEST(GeneratorSpec, BadSpecsNameTheProblem) {
  const auto expect_usage = [](const std::string& spec, const std::string& needle) {
    SCOPED_TRACE(spec);
    try {
      generate(GeneratorSpec::parse(spec));
      ADD_FAILURE() << "no UsageError";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expect_usage("nosuch:n=3", "nosuch");
  expect_usage(":n=3", "no model");
  expect_usage("er:n=3,q=1", "'q'");
  expect_usage("er:n", "'n'");
  expect_usage("er:n=3,n=4", "twice");
  expect_usage("er:n=abc", "n=abc");
  expect_usage("er:n=0", "n=0");
  expect_usage("er:n=-5", "n=-5");
  expect_usage("er:n=10,p=1.5", "p=1.5");
  expect_usage("er:n=10,p=-0.1", "p=-0.1");
  expect_usage("er:n=10,p=nan", "p=nan");
  expect_usage("er:n=100000,p=0.001", "n=100000");
  expect_usage("gnm:n=10,m=91", "m=91");
  expect_usage("gnm:n=10,m=-1", "m=-1");
  expect_usage("ring:n=5,w=9:1", "w=9:1");
  expect_usage("ring:n=5,w=a:b", "w=a:b");
  expect_usage("ring:n=5,neg=2", "neg=2");
  expect_usage("ring:n=5,seed=-1", "seed=-1");
  expect_usage("ba:n=5,k=5", "k=5");
  expect_usage("grid:rows=100000,cols=100000", "rows");
  expect_usage("classroom:name=nope", "name=nope");
  expect_usage("classroom:w=1:5", "'w'");
}

TEST(GeneratorSpec, EdgeListsBeyondMemoryAreAMemoryRefusal) {
  // The memory refusal of every command (exit 4), not bad usage: `apsp gen` and `apsp solve --gen` agree.
  for (const std::string spec : {"complete:n=2000000000", "gnm:n=2000000000,m=3000000000000000000"}) {
    SCOPED_TRACE(spec);
    try {
      generate(GeneratorSpec::parse(spec));
      ADD_FAILURE() << "no OutOfMemoryError";
    } catch (const OutOfMemoryError& e) {
      EXPECT_NE(std::string(e.what()).find("the edge list of generator '" + spec.substr(0, spec.find(':')) + "'"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(GeneratorModels, ListsEveryModelWithDefaults) {
  std::set<std::string> names;
  for (const GeneratorModel& m : generator_models()) {
    names.insert(m.name);
    EXPECT_FALSE(m.help.empty());
    for (const GeneratorParam& p : m.params) {
      EXPECT_FALSE(p.help.empty()) << m.name << "." << p.key;
      EXPECT_FALSE(p.default_value.empty()) << m.name << "." << p.key;
    }
    // Defaults alone must give a valid graph.
    EXPECT_NO_THROW(generate(GeneratorSpec{m.name, {}})) << m.name;
  }
  EXPECT_EQ(names, (std::set<std::string>{"er", "gnm", "grid", "ring", "path", "complete", "ba", "classroom"}));
}

TEST(SplitMix64, ReferenceOutputAndRanges) {
  SplitMix64 rng(0);
  EXPECT_EQ(rng.next(), 0xE220A8397B1DCDAFull);  // the published first splitmix64 output for seed 0
  SplitMix64 r(42);
  for (int i = 0; i < 10000; ++i) {
    const std::int64_t x = r.uniform_int(-3, 5);
    EXPECT_GE(x, -3);
    EXPECT_LE(x, 5);
    const double u = r.uniform01();
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
  }
  EXPECT_EQ(r.uniform_int(7, 7), 7);
}

TEST(Generators, SameSeedByteIdenticalDifferentSeedsDiffer) {
  TempDir dir;
  for (const std::string base : {"er:n=60,p=0.1", "gnm:n=50,m=300", "gnm:n=12,m=130", "grid:rows=5,cols=7", "ring:n=30",
                                 "path:n=30", "complete:n=12", "ba:n=40,k=2", "er:n=30,p=0.2,neg=1", "classroom:name=cities8,neg=1"}) {
    SCOPED_TRACE(base);
    const std::string a = written(gen(base + ",seed=5"), dir, "a.bin");
    const std::string b = written(gen(base + ",seed=5"), dir, "b.bin");
    const std::string c = written(gen(base + ",seed=6"), dir, "c.bin");
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
  }
  // Presets without neg ignore the seed by design.
  EXPECT_EQ(written(gen("classroom:seed=1"), dir, "a.gr"), written(gen("classroom:seed=2"), dir, "b.gr"));
}

TEST(Generators, ErRespectsNAndP) {
  const std::int64_t n = 400;
  for (const double p : {0.02, 0.1, 0.5}) {
    const Graph g = gen("er:n=400,p=" + std::to_string(p) + ",seed=3");
    EXPECT_EQ(g.n, n);
    const double pairs = static_cast<double>(n * (n - 1));
    const double sd = std::sqrt(pairs * p * (1 - p));
    EXPECT_NEAR(static_cast<double>(g.m()), pairs * p, 5 * sd) << "p=" << p;
    for (const Edge& e : g.edges) EXPECT_NE(e.src, e.dst);
  }
  EXPECT_EQ(gen("er:n=20,p=0").m(), 0);
  EXPECT_EQ(gen("er:n=20,p=1").m(), 20 * 19);
  const Graph w = gen("er:n=50,p=0.3,w=-2:3");
  EXPECT_GE(w.weight_range().first, -2);
  EXPECT_LE(w.weight_range().second, 3);
  EXPECT_EQ(w.weight_range(), (std::pair<std::int32_t, std::int32_t>{-2, 3}));
}

TEST(Generators, GnmExactCountNoDuplicatesNoLoops) {
  for (const std::string spec : {"gnm:n=100,m=2000", "gnm:n=10,m=85", "gnm:n=10,m=90", "gnm:n=10,m=0", "gnm:n=1,m=0"}) {
    SCOPED_TRACE(spec);
    const GeneratorSpec s = GeneratorSpec::parse(spec);
    const Graph g = generate(s);
    EXPECT_EQ(g.m(), std::stoll(s.params.at("m")));
    std::set<std::pair<int, int>> seen;
    for (const Edge& e : g.edges) {
      EXPECT_NE(e.src, e.dst);
      EXPECT_TRUE(seen.insert({e.src, e.dst}).second);
      EXPECT_GE(e.src, 0);
      EXPECT_LT(e.dst, g.n);
    }
  }
}

TEST(Generators, StructuredModelsHaveTheirShapes) {
  const Graph grid = gen("grid:rows=4,cols=6");
  EXPECT_EQ(grid.n, 24);
  EXPECT_EQ(grid.m(), 2 * (4 * 5 + 6 * 3));
  EXPECT_NO_THROW(grid.validate("grid"));
  const Graph ring = gen("ring:n=9,w=3:3");
  ASSERT_EQ(ring.m(), 9);
  for (int i = 0; i < 9; ++i) {
    EXPECT_EQ(ring.edges[i].src, i);
    EXPECT_EQ(ring.edges[i].dst, (i + 1) % 9);
    EXPECT_EQ(ring.edges[i].weight, 3);
  }
  const Graph path = gen("path:n=9");
  EXPECT_EQ(path.m(), 8);
  EXPECT_EQ(path.edges.back().dst, 8);
  EXPECT_EQ(gen("complete:n=15").m(), 15 * 14);
  const Graph ba = gen("ba:n=50,k=3");
  EXPECT_EQ(ba.n, 50);
  EXPECT_EQ(ba.m(), 2 * (3 * 4 / 2 + 3 * (50 - 4)));  // seed clique on k+1, then k links per vertex, both ways
  std::set<std::pair<int, int>> links;
  for (const Edge& e : ba.edges) {
    EXPECT_NE(e.src, e.dst);
    EXPECT_TRUE(links.insert({e.src, e.dst}).second);
  }
}

TEST(Generators, ClassroomTextbook4Distances) {
  const Graph g = gen("classroom:name=textbook4");
  ASSERT_EQ(g.n, 4);
  ASSERT_EQ(g.m(), 5);
  EXPECT_EQ(g.edges[0].src, 0);
  EXPECT_EQ(g.edges[0].dst, 2);
  EXPECT_EQ(g.edges[0].weight, -2);
  const std::vector<std::int64_t> expected = {0, -1, -2, 0, 4, 0, 2, 4, 5, 1, 0, 2, 3, -1, 1, 0};
  EXPECT_EQ(apsp_test::floyd_warshall(g), expected);
  for (const char* name : {"cities8", "grid3"}) {
    const Graph p = gen(std::string("classroom:name=") + name);
    const auto d = apsp_test::floyd_warshall(p);
    for (int i = 0; i < p.n; ++i) EXPECT_EQ(d[i * p.n + i], 0) << name;
  }
  const Graph cyc = gen("classroom:name=negcycle4");
  const auto d = apsp_test::floyd_warshall(cyc);
  EXPECT_LT(d[0], 0);  // a negative diagonal: the cycle 0 -> 1 -> 2 -> 0
}

TEST(Generators, NegativeReweightingKeepsShortestPaths) {
  for (const std::string spec : {"er:n=40,p=0.15,seed=11", "grid:rows=5,cols=6,seed=2", "ring:n=25,seed=4", "ba:n=30,k=2,seed=8",
                                 "classroom:name=cities8"}) {
    SCOPED_TRACE(spec);
    const Graph base = gen(spec);
    const Graph neg = gen(spec + ",neg=1");
    ASSERT_EQ(base.n, neg.n);
    ASSERT_EQ(base.m(), neg.m());
    bool any_negative = false;
    for (std::size_t i = 0; i < base.edges.size(); ++i) {
      ASSERT_EQ(base.edges[i].src, neg.edges[i].src);
      ASSERT_EQ(base.edges[i].dst, neg.edges[i].dst);
      any_negative |= neg.edges[i].weight < 0;
    }
    EXPECT_TRUE(any_negative);
    // Recover the potential differences along edges, then every distance must shift by p(s) - p(t).
    const std::size_t n = static_cast<std::size_t>(base.n);
    std::vector<std::int64_t> pot(n, 0);
    std::vector<bool> known(n, false);
    known[0] = true;
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t i = 0; i < base.edges.size(); ++i) {
        const auto u = static_cast<std::size_t>(base.edges[i].src), v = static_cast<std::size_t>(base.edges[i].dst);
        const std::int64_t q = std::int64_t{neg.edges[i].weight} - base.edges[i].weight;  // p(u) - p(v)
        if (known[u] && !known[v]) pot[v] = pot[u] - q, known[v] = changed = true;
        if (known[v] && !known[u]) pot[u] = pot[v] + q, known[u] = changed = true;
      }
    }
    const auto d0 = apsp_test::floyd_warshall(base);
    const auto d1 = apsp_test::floyd_warshall(neg);
    for (std::size_t s = 0; s < n; ++s) {
      EXPECT_EQ(d1[s * n + s], 0) << "negative cycle at " << s;
      for (std::size_t t = 0; t < n; ++t) {
        const bool r0 = d0[s * n + t] < kInf32, r1 = d1[s * n + t] < kInf32;
        ASSERT_EQ(r0, r1);
        if (r0 && known[s] && known[t]) {
          EXPECT_EQ(d1[s * n + t], d0[s * n + t] + pot[s] - pot[t]) << s << "->" << t;
        }
      }
    }
  }
}

TEST(GeneratorVertexCount, MatchesGenerateWithoutGenerating) {
  for (const char* text : {"er:n=37,p=0.1", "gnm:n=50,m=80", "grid:rows=6,cols=9", "ring:n=12", "path:n=3",
                           "complete:n=5", "ba:n=20,k=2", "classroom:name=textbook4", "classroom:name=cities8"}) {
    const apsp::GeneratorSpec spec = apsp::GeneratorSpec::parse(text);
    EXPECT_EQ(apsp::vertex_count(spec), apsp::generate(spec).n) << text;
  }
  // Huge specs answer at once (nothing is generated) and bad keys are still refused.
  EXPECT_EQ(apsp::vertex_count(apsp::GeneratorSpec::parse("ring:n=2000000000")), 2000000000);
  EXPECT_THROW(apsp::vertex_count(apsp::GeneratorSpec::parse("ring:n=5,q=1")), apsp::UsageError);
}

TEST(Generators, NegativeReweightingStaysInsideTheSolvesRange) {
  // The solve's range policy is the judge: every neg=1 graph must pass it, large n and w included (unbounded
  // potentials made negative sums the solve refused).
  for (const std::string spec : {"complete:n=200,w=1:10000000", "er:n=500,p=0.2,w=1:5000000", "gnm:n=3000,m=9000,w=1:900000",
                                 "ba:n=600,k=6,w=0:8000000", "grid:rows=40,cols=40,w=1:30000000", "complete:n=50,w=-20:500000000"}) {
    SCOPED_TRACE(spec);
    const Graph g = gen(spec + ",neg=1");
    EXPECT_NO_THROW(make_range_policy(to_distance_matrix(g, 64, DType::I32)));
    EXPECT_LT(g.weight_range().first, 0);
  }
  EXPECT_THROW(gen("complete:n=64,w=536870911:536870911,neg=1"), UsageError);
}
