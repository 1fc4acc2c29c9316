// Seeded generators. Every random choice goes through SplitMix64 with integer arithmetic (no std
// distributions, whose output is implementation-defined), so a spec gives the same bytes everywhere.
#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/core/types.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/graph/generators.h>

#include "potential_reweighting.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>

namespace apsp {

// ---- SplitMix64 -------------------------------------------------------------------------------------------

std::uint64_t SplitMix64::next() {
  m_state += 0x9E3779B97F4A7C15ull;
  std::uint64_t z = m_state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::int64_t SplitMix64::uniform_int(std::int64_t lo, std::int64_t hi) {
  if (lo > hi) std::swap(lo, hi);
  const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  if (range == 0) return static_cast<std::int64_t>(next());  // the full 64-bit range
  // Reject the low values that would make the modulo favour small results.
  const std::uint64_t threshold = (0 - range) % range;
  for (;;) {
    const std::uint64_t x = next();
    if (x >= threshold) return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + x % range);
  }
}

double SplitMix64::uniform01() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

// ---- specs and model descriptions -------------------------------------------------------------------------

namespace {

std::vector<GeneratorParam> with_common(std::vector<GeneratorParam> own, bool random_weights = true) {
  own.push_back({"seed", "1", "PRNG seed (splitmix64); the same spec always gives the same graph"});
  if (random_weights) own.push_back({"w", "1:100", "edge weight range lo:hi (inclusive)"});
  own.push_back({"neg", "0", "1: reweight w + p(u) - p(v) with random vertex potentials p, so some edges turn negative "
                              "while shortest paths stay the same and no negative cycle appears"});
  return own;
}

}  // namespace

const std::vector<GeneratorModel>& generator_models() {
  static const std::vector<GeneratorModel> models = {
      {"er", "Erdos-Renyi G(n, p): every ordered pair u != v is an edge with probability p (n <= 65536)",
       with_common({{"n", "256", "vertices"}, {"p", "0.05", "edge probability in [0, 1]"}})},
      {"gnm", "G(n, m): exactly m distinct random edges u -> v, u != v, sorted by (u, v)",
       with_common({{"n", "256", "vertices"}, {"m", "1024", "edges, at most n*(n-1)"}})},
      {"grid", "rows x cols grid, 4-neighbour streets in both directions with one random weight per street (road-like); "
               "vertex r*cols + c",
       with_common({{"rows", "16", "grid rows"}, {"cols", "16", "grid columns"}})},
      {"ring", "directed cycle 0 -> 1 -> ... -> n-1 -> 0: paths run through every vertex, so every round matters",
       with_common({{"n", "64", "vertices"}})},
      {"path", "directed path 0 -> 1 -> ... -> n-1: like ring without the closing edge",
       with_common({{"n", "64", "vertices"}})},
      {"complete", "complete directed graph: every ordered pair u != v", with_common({{"n", "64", "vertices"}})},
      {"ba", "Barabasi-Albert: a clique of k+1 vertices, then each new vertex links to k distinct vertices chosen in "
             "proportion to degree; every link in both directions with one weight",
       with_common({{"n", "256", "vertices (> k)"}, {"k", "3", "links per new vertex (>= 1)"}})},
      {"classroom", "small teaching graphs: textbook4 (4 vertices, negative edges), cities8 (8 vertices), "
                    "grid3 (3x3 grid), negcycle4 (has a negative cycle), clrs (CLRS figure 25.1, 5 vertices, "
                    "textbook vertex v is vertex v-1); classroom:NAME is short for "
                    "classroom:name=NAME, and each opens with a block of its own unless --block is given",
       with_common({{"name", "textbook4", "textbook4 | cities8 | grid3 | negcycle4 | clrs"}}, false)},
  };
  return models;
}

namespace {

const GeneratorModel& find_model(const std::string& name) {
  for (const GeneratorModel& m : generator_models())
    if (m.name == name) return m;
  std::string known;
  for (const GeneratorModel& m : generator_models()) known += (known.empty() ? "" : ", ") + m.name;
  throw UsageError("unknown generator model '" + user_value_in_message(name) + "' (known: " + known + ")");
}

void check_keys(const GeneratorSpec& spec) {
  const GeneratorModel& model = find_model(spec.model);
  for (const auto& entry : spec.params) {
    const std::string& key = entry.first;  // not a structured binding: clang before 16 cannot capture one
    const bool known = std::any_of(model.params.begin(), model.params.end(), [&](const GeneratorParam& p) { return p.key == key; });
    if (!known) {
      std::string keys;
      for (const GeneratorParam& p : model.params) keys += (keys.empty() ? "" : ", ") + p.key;
      throw UsageError("generator '" + spec.model + "' has no parameter '" + user_value_in_message(key) + "' (parameters: " + keys + ")");
    }
  }
}

/// Typed access to a spec's values with the model's defaults; every error names the key and the value.
class Params {
 public:
  explicit Params(const GeneratorSpec& spec) : m_spec(spec), m_model(find_model(spec.model)) {}

  std::string raw(const std::string& key) const {
    const auto it = m_spec.params.find(key);
    if (it != m_spec.params.end()) return it->second;
    for (const GeneratorParam& p : m_model.params)
      if (p.key == key) return p.default_value;
    return {};
  }

  std::int64_t integer(const std::string& key, std::int64_t lo, std::int64_t hi) const {
    const std::string v = raw(key);
    std::int64_t x = 0;
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
    if (ec != std::errc() || ptr != v.data() + v.size() || v.empty()) fail(key, v, "an integer");
    if (x < lo || x > hi) fail(key, v, "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return x;
  }

  std::uint64_t seed() const {
    const std::string v = raw("seed");
    std::uint64_t x = 0;
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
    if (ec != std::errc() || ptr != v.data() + v.size() || v.empty()) fail("seed", v, "an unsigned 64-bit integer");
    return x;
  }

  double probability(const std::string& key) const {
    const std::string v = raw(key);
    double x = 0;
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
    if (ec != std::errc() || ptr != v.data() + v.size() || v.empty() || !(x >= 0.0 && x <= 1.0)) fail(key, v, "a probability in [0, 1]");
    return x;
  }

  bool flag(const std::string& key) const {
    const std::string v = raw(key);
    if (v == "1" || v == "true" || v == "yes") return true;
    if (v == "0" || v == "false" || v == "no") return false;
    fail(key, v, "0 or 1");
  }

  std::pair<std::int32_t, std::int32_t> weights() const {
    const std::string v = raw("w");
    const std::size_t colon = v.find(':');
    const std::string a = colon == std::string::npos ? v : v.substr(0, colon);
    const std::string b = colon == std::string::npos ? v : v.substr(colon + 1);
    std::int64_t lo = 0, hi = 0;
    const auto r1 = std::from_chars(a.data(), a.data() + a.size(), lo);
    const auto r2 = std::from_chars(b.data(), b.data() + b.size(), hi);
    if (a.empty() || b.empty() || r1.ec != std::errc() || r2.ec != std::errc() || r1.ptr != a.data() + a.size() || r2.ptr != b.data() + b.size())
      fail("w", v, "a weight range lo:hi");
    if (lo > hi) fail("w", v, "a range with lo <= hi");
    // Leave room for path sums: a single weight near INF would read as "unreachable".
    constexpr std::int64_t kMaxWeight = kInf32 / 2;
    if (lo < -kMaxWeight || hi > kMaxWeight) fail("w", v, "weights within +-" + std::to_string(kMaxWeight));
    return {static_cast<std::int32_t>(lo), static_cast<std::int32_t>(hi)};
  }

  [[noreturn]] void fail(const std::string& key, const std::string& value, const std::string& expected) const {
    throw UsageError("generator '" + m_spec.model + "': " + key + "=" + user_value_in_message(value) + " is not valid (expected " + expected + ")");
  }

 private:
  const GeneratorSpec& m_spec;
  const GeneratorModel& m_model;
};

constexpr std::int64_t kMaxN = std::numeric_limits<std::int32_t>::max();

/// Refuses edge counts whose edge list alone would not fit in host memory: the memory refusal of every other
/// command (OutOfMemoryError, exit 4), not a usage error.
void require_edge_memory(const std::string& model, double edges) {
  const double bytes = edges * static_cast<double>(sizeof(Edge));
  require_host_memory("the edge list of generator '" + model + "' (about " +
                          std::to_string(static_cast<long long>(std::min(edges, 9.2e18))) + " edges)",
                      bytes >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(bytes));
}

struct WeightDraw {
  SplitMix64& rng;
  std::int32_t lo, hi;
  std::int32_t operator()() const { return static_cast<std::int32_t>(rng.uniform_int(lo, hi)); }
};

Graph gen_er(const Params& p, SplitMix64& rng, WeightDraw w) {
  const std::int64_t n = p.integer("n", 1, 65536);  // every pair is drawn: n^2 work
  const double prob = p.probability("p");
  require_edge_memory("er", prob * static_cast<double>(n) * static_cast<double>(n - 1));
  Graph g;
  g.n = static_cast<std::int32_t>(n);
  // Bernoulli(p) as an exact integer comparison on 53 random bits; p * 2^53 is exact in binary64.
  const auto threshold = static_cast<std::uint64_t>(prob * 0x1.0p53);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int32_t v = 0; v < g.n; ++v) {
      if (u == v) continue;
      if ((rng.next() >> 11) < threshold) g.edges.push_back({u, v, w()});
    }
  return g;
}

/// @p count distinct values in [0, total), sorted: draw, sort, dedupe, top up until enough.
std::vector<std::uint64_t> distinct_sorted(SplitMix64& rng, std::uint64_t total, std::uint64_t count) {
  std::vector<std::uint64_t> keys;
  keys.reserve(count);
  while (keys.size() < count) {
    const std::size_t missing = count - keys.size();
    for (std::size_t i = 0; i < missing; ++i) keys.push_back(static_cast<std::uint64_t>(rng.uniform_int(0, static_cast<std::int64_t>(total - 1))));
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  }
  return keys;
}

Graph gen_gnm(const Params& p, SplitMix64& rng, WeightDraw w) {
  const std::int64_t n = p.integer("n", 1, kMaxN);
  const std::uint64_t total = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n - 1);
  const std::int64_t m = p.integer("m", 0, std::numeric_limits<std::int64_t>::max());
  if (static_cast<std::uint64_t>(m) > total)
    p.fail("m", std::to_string(m), "at most n*(n-1) = " + std::to_string(total) + " (no self loops, no parallel edges)");
  require_edge_memory("gnm", static_cast<double>(m));
  Graph g;
  g.n = static_cast<std::int32_t>(n);
  g.edges.reserve(static_cast<std::size_t>(m));
  // Pair index r in [0, n(n-1)) maps to u = r / (n-1) and v = the (r mod (n-1))-th vertex other than u.
  const auto emit = [&](std::uint64_t r) {
    const auto u = static_cast<std::int32_t>(r / static_cast<std::uint64_t>(n - 1));
    auto v = static_cast<std::int32_t>(r % static_cast<std::uint64_t>(n - 1));
    if (v >= u) ++v;
    g.edges.push_back({u, v, w()});
  };
  if (static_cast<std::uint64_t>(m) <= total / 2) {
    for (const std::uint64_t r : distinct_sorted(rng, total, static_cast<std::uint64_t>(m))) emit(r);
  } else {
    // Dense: draw the pairs to leave out instead, so rejection never stalls near m = n(n-1).
    const std::vector<std::uint64_t> skip = distinct_sorted(rng, total, total - static_cast<std::uint64_t>(m));
    std::size_t s = 0;
    for (std::uint64_t r = 0; r < total; ++r) {
      if (s < skip.size() && skip[s] == r) {
        ++s;
        continue;
      }
      emit(r);
    }
  }
  return g;
}

Graph gen_grid(const Params& p, WeightDraw w) {
  const std::int64_t rows = p.integer("rows", 1, kMaxN);
  const std::int64_t cols = p.integer("cols", 1, kMaxN);
  if (rows * cols > kMaxN) p.fail("rows", std::to_string(rows), "rows*cols <= " + std::to_string(kMaxN));
  require_edge_memory("grid", 4.0 * static_cast<double>(rows * cols));
  Graph g;
  g.n = static_cast<std::int32_t>(rows * cols);
  g.edges.reserve(static_cast<std::size_t>(2 * (rows * (cols - 1) + cols * (rows - 1))));
  const auto id = [cols](std::int64_t r, std::int64_t c) { return static_cast<std::int32_t>(r * cols + c); };
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c) {
      if (c + 1 < cols) {
        const std::int32_t x = w();
        g.edges.push_back({id(r, c), id(r, c + 1), x});
        g.edges.push_back({id(r, c + 1), id(r, c), x});
      }
      if (r + 1 < rows) {
        const std::int32_t x = w();
        g.edges.push_back({id(r, c), id(r + 1, c), x});
        g.edges.push_back({id(r + 1, c), id(r, c), x});
      }
    }
  return g;
}

Graph gen_chain(const Params& p, WeightDraw w, bool closed) {
  const std::int64_t n = p.integer("n", 1, kMaxN);
  require_edge_memory(closed ? "ring" : "path", static_cast<double>(n));
  Graph g;
  g.n = static_cast<std::int32_t>(n);
  g.edges.reserve(static_cast<std::size_t>(n));
  for (std::int32_t i = 0; i + 1 < g.n; ++i) g.edges.push_back({i, i + 1, w()});
  if (closed) g.edges.push_back({g.n - 1, 0, w()});  // n = 1: a self loop, harmless
  return g;
}

Graph gen_complete(const Params& p, WeightDraw w) {
  const std::int64_t n = p.integer("n", 1, kMaxN);
  require_edge_memory("complete", static_cast<double>(n) * static_cast<double>(n - 1));
  Graph g;
  g.n = static_cast<std::int32_t>(n);
  g.edges.reserve(static_cast<std::size_t>(n * (n - 1)));
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int32_t v = 0; v < g.n; ++v)
      if (u != v) g.edges.push_back({u, v, w()});
  return g;
}

Graph gen_ba(const Params& p, SplitMix64& rng, WeightDraw w) {
  const std::int64_t n = p.integer("n", 2, kMaxN);
  const std::int64_t k = p.integer("k", 1, n - 1);
  require_edge_memory("ba", 2.0 * static_cast<double>(k) * static_cast<double>(n) + static_cast<double>(k * k + k));
  Graph g;
  g.n = static_cast<std::int32_t>(n);
  // Each vertex appears once per incident link, so a uniform pick from this list is degree-proportional.
  std::vector<std::int32_t> ends;
  ends.reserve(static_cast<std::size_t>(2 * k * n));
  const auto link = [&](std::int32_t a, std::int32_t b) {
    const std::int32_t x = w();
    g.edges.push_back({a, b, x});
    g.edges.push_back({b, a, x});
    ends.push_back(a);
    ends.push_back(b);
  };
  const auto seed_size = static_cast<std::int32_t>(k + 1);
  for (std::int32_t a = 0; a < seed_size; ++a)
    for (std::int32_t b = a + 1; b < seed_size; ++b) link(a, b);
  std::vector<std::int32_t> targets;
  for (std::int32_t v = seed_size; v < g.n; ++v) {
    targets.clear();
    while (static_cast<std::int64_t>(targets.size()) < k) {
      const std::int32_t t = ends[static_cast<std::size_t>(rng.uniform_int(0, static_cast<std::int64_t>(ends.size()) - 1))];
      if (std::find(targets.begin(), targets.end(), t) == targets.end()) targets.push_back(t);
    }
    for (const std::int32_t t : targets) link(v, t);
  }
  return g;
}

Graph gen_classroom(const Params& p) {
  const std::string name = p.raw("name");
  Graph g;
  if (name == "textbook4") {
    // The textbook example, given 1-based as 1->3 -2, 2->1 4, 2->3 3, 3->4 2, 4->2 -1.
    g.n = 4;
    g.edges = {{0, 2, -2}, {1, 0, 4}, {1, 2, 3}, {2, 3, 2}, {3, 1, -1}};
  } else if (name == "cities8") {
    // Eight towns: a one-way loop with shortcuts, so blocks of 2 or 4 show real pivot-row/column work.
    g.n = 8;
    g.edges = {{0, 1, 4}, {0, 2, 1}, {2, 1, 2}, {1, 3, 1}, {2, 3, 5}, {3, 4, 3}, {4, 5, 2},
               {5, 6, 1}, {6, 7, 3}, {7, 0, 6}, {4, 6, 7}, {5, 2, 4}, {6, 3, 2}, {7, 5, 1}};
  } else if (name == "grid3") {
    // 3x3 streets in both directions; fixed weights so the answer can be checked by hand.
    g.n = 9;
    const std::int32_t horizontal[3][2] = {{1, 3}, {2, 1}, {4, 2}};
    const std::int32_t vertical[2][3] = {{2, 5, 1}, {1, 2, 3}};
    for (std::int32_t r = 0; r < 3; ++r)
      for (std::int32_t c = 0; c < 3; ++c) {
        if (c < 2) {
          g.edges.push_back({r * 3 + c, r * 3 + c + 1, horizontal[r][c]});
          g.edges.push_back({r * 3 + c + 1, r * 3 + c, horizontal[r][c]});
        }
        if (r < 2) {
          g.edges.push_back({r * 3 + c, (r + 1) * 3 + c, vertical[r][c]});
          g.edges.push_back({(r + 1) * 3 + c, r * 3 + c, vertical[r][c]});
        }
      }
  } else if (name == "negcycle4") {
    // 0 -> 1 -> 2 -> 0 weighs 1 - 3 + 1 = -1: the solver must report this cycle.
    g.n = 4;
    g.edges = {{0, 1, 1}, {1, 2, -3}, {2, 0, 1}, {2, 3, 2}};
  } else if (name == "clrs") {
    // CLRS figures 25.1 / 25.4, whose D and Π tables the textbook prints. It numbers from 1: textbook vertex v
    // is vertex v - 1 here, so its edges (1,2,3) (1,3,8) (1,5,-4) (2,4,1) (2,5,7) (3,2,4) (4,1,2) (4,3,-5)
    // (5,4,6) read:
    g.n = 5;
    g.edges = {{0, 1, 3}, {0, 2, 8}, {0, 4, -4}, {1, 3, 1}, {1, 4, 7}, {2, 1, 4}, {3, 0, 2}, {3, 2, -5}, {4, 3, 6}};
  } else {
    p.fail("name", name, "textbook4, cities8, grid3, negcycle4 or clrs");
  }
  return g;
}

/// The block each preset opens with: about two to four blocks per side, so that round 0 already shows a pivot
/// block, its row and column and independent blocks.
int classroom_block(const std::string& name) {
  if (name == "textbook4" || name == "negcycle4") return 2;  // 2 x 2 blocks of 2
  if (name == "cities8") return 4;                           // 2 x 2 blocks of 4: every phase has real work
  if (name == "grid3") return 3;                             // one block per street row of the grid
  if (name == "clrs") return 2;  // blocks of 2, 2 and 1: the last block is short, as n = 5 is no multiple of 2
  return 0;
}

}  // namespace

GeneratorSpec GeneratorSpec::parse(const std::string& text) {
  GeneratorSpec spec;
  const std::size_t colon = text.find(':');
  spec.model = text.substr(0, colon);
  if (spec.model.empty()) throw UsageError("generator spec '" + user_value_in_message(text) + "' has no model name (expected model:key=value,...)");
  find_model(spec.model);
  if (colon != std::string::npos) {
    const std::string rest = text.substr(colon + 1);
    std::size_t start = 0;
    while (start <= rest.size()) {
      std::size_t end = rest.find(',', start);
      if (end == std::string::npos) end = rest.size();
      const std::string item = rest.substr(start, end - start);
      if (!item.empty()) {
        const std::size_t eq = item.find('=');
        // "classroom:textbook4": the preset's name alone, as the first item, stands for name=textbook4.
        if (eq == std::string::npos && start == 0 && spec.model == "classroom") {
          spec.params["name"] = item;
          start = end + 1;
          continue;
        }
        if (eq == std::string::npos || eq == 0)
          throw UsageError("generator spec '" + user_value_in_message(text) + "': '" + user_value_in_message(item) + "' is not key=value");
        const std::string key = item.substr(0, eq);
        if (spec.params.count(key)) throw UsageError("generator spec '" + user_value_in_message(text) + "': key '" + user_value_in_message(key) + "' given twice");
        spec.params[key] = item.substr(eq + 1);
      }
      start = end + 1;
    }
  }
  check_keys(spec);
  return spec;
}

int suggested_block(const GeneratorSpec& spec) {
  if (spec.model != "classroom") return 0;
  return classroom_block(Params(spec).raw("name"));
}

std::string GeneratorSpec::to_string() const {
  std::string out = model;
  char sep = ':';
  for (const auto& [key, value] : params) {
    out += sep + key + "=" + value;
    sep = ',';
  }
  return out;
}

std::int64_t vertex_count(const GeneratorSpec& spec) {
  check_keys(spec);
  const Params p(spec);
  if (spec.model == "grid") return p.integer("rows", 1, kMaxN) * p.integer("cols", 1, kMaxN);
  if (spec.model == "classroom") return generate(spec).n;  // a few vertices
  return p.integer("n", 1, kMaxN);
}

Graph generate(const GeneratorSpec& spec) {
  check_keys(spec);
  const Params p(spec);
  const std::uint64_t seed = p.seed();
  SplitMix64 rng(seed);
  std::pair<std::int32_t, std::int32_t> range{1, 1};
  if (spec.model != "classroom") range = p.weights();
  const WeightDraw w{rng, range.first, range.second};

  Graph g;
  if (spec.model == "er")
    g = gen_er(p, rng, w);
  else if (spec.model == "gnm")
    g = gen_gnm(p, rng, w);
  else if (spec.model == "grid")
    g = gen_grid(p, w);
  else if (spec.model == "ring")
    g = gen_chain(p, w, true);
  else if (spec.model == "path")
    g = gen_chain(p, w, false);
  else if (spec.model == "complete")
    g = gen_complete(p, w);
  else if (spec.model == "ba")
    g = gen_ba(p, rng, w);
  else
    g = gen_classroom(p);

  if (p.flag("neg")) {
    std::int64_t spread = std::max<std::int64_t>(std::abs(static_cast<std::int64_t>(range.first)), std::abs(static_cast<std::int64_t>(range.second)));
    if (spec.model == "classroom") {
      const auto [lo, hi] = g.weight_range();
      spread = std::max<std::int64_t>(std::abs(static_cast<std::int64_t>(lo)), std::abs(static_cast<std::int64_t>(hi)));
    }
    graph_detail::reweight_with_potentials(g, seed, spread, spec.model);
  }
  return g;
}

}  // namespace apsp
