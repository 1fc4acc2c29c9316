// Checks apsp-studio's --explain-json against an independent computation: the distance matrix after
// t k-steps from the definition (plain Floyd–Warshall restricted to intermediates < r*B at round starts, then
// the blocked phases in order, each k-outer over its own blocks), and paths against `apsp solve --path`.
//   explain_check relax --graph G --block B --blocked 0|1 --steps T --json E
//   explain_check path --graph G --json E --solve-output OUT   (OUT: stdout of apsp solve --path I:J)
// Exit 0 when every check passes; otherwise prints what differs and exits 1.
#include <apsp/core/types.h>
#include <apsp/io/graph_io.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Matrix = std::vector<std::vector<std::int64_t>>;
constexpr std::int64_t kBig = INT64_MAX / 4;
int g_failures = 0;

void expect(bool ok, const std::string& what) {
  if (!ok) {
    std::fprintf(stderr, "explain_check: %s\n", what.c_str());
    ++g_failures;
  }
}

Matrix initial(const apsp::Graph& g) {
  Matrix d(static_cast<std::size_t>(g.n), std::vector<std::int64_t>(static_cast<std::size_t>(g.n), kBig));
  for (int i = 0; i < g.n; ++i) d[i][i] = 0;
  for (const apsp::Edge& e : g.edges) {
    if (e.src == e.dst && e.weight >= 0) continue;
    d[e.src][e.dst] = std::min<std::int64_t>(d[e.src][e.dst], e.weight);
  }
  return d;
}

void relax_through(Matrix& d, int k, int i, int j) {
  if (d[i][k] < kBig && d[k][j] < kBig) d[i][j] = std::min(d[i][j], d[i][k] + d[k][j]);
}

/// The matrix after @p steps k-steps: a naive run is FW restricted to k < steps; a blocked one walks phases.
Matrix state_after(const apsp::Graph& g, int block, bool blocked, int steps) {
  Matrix d = initial(g);
  const int n = g.n;
  if (!blocked) {
    for (int k = 0; k < std::min(steps, n); ++k)
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) relax_through(d, k, i, j);
    return d;
  }
  int left = steps;
  for (int p0 = 0; p0 < n && left > 0; p0 += block) {
    const int kb = std::min(block, n - p0);
    auto in_p = [&](int v) { return v >= p0 && v < p0 + kb; };
    for (int phase = 1; phase <= 3 && left > 0; ++phase) {
      const int ks = std::min(left, kb);
      for (int t = 0; t < ks; ++t)
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j) {
            const int cell_phase = in_p(i) && in_p(j) ? 1 : (in_p(i) || in_p(j)) ? 2 : 3;
            if (cell_phase == phase) relax_through(d, p0 + t, i, j);
          }
      left -= ks;
    }
  }
  return d;
}

nlohmann::json as_json(std::int64_t v) { return v >= kBig ? nlohmann::json(nullptr) : nlohmann::json(v); }

std::map<std::string, std::string> parse_args(int argc, char** argv) {
  std::map<std::string, std::string> a;
  for (int i = 2; i + 1 < argc; i += 2) a[argv[i]] = argv[i + 1];
  return a;
}

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

/// The path's edges exist and sum to its length (the lightest of parallel edges).
std::int64_t path_weight(const apsp::Graph& g, const std::vector<int>& path) {
  std::int64_t sum = 0;
  for (std::size_t s = 0; s + 1 < path.size(); ++s) {
    std::int64_t best = kBig;
    for (const apsp::Edge& e : g.edges)
      if (e.src == path[s] && e.dst == path[s + 1]) best = std::min<std::int64_t>(best, e.weight);
    if (best >= kBig) return kBig;
    sum += best;
  }
  return sum;
}

int check_relax(const apsp::Graph& g, std::map<std::string, std::string>& a) {
  const int block = std::stoi(a["--block"]);
  const bool blocked = a["--blocked"] == "1";
  const int steps = std::stoi(a["--steps"]);
  const nlohmann::json e = read_json(a["--json"]);
  const int i = e.at("i"), j = e.at("j"), n = g.n;
  const Matrix before = state_after(g, block, blocked, steps - 1), after = state_after(g, block, blocked, steps);
  // The step's k: position steps - 1 counted through rounds of (blocked ? 3 : 1) * kb k-steps.
  int pos = steps - 1, round = 0, phase = 0, k = 0;
  for (int p0 = 0; p0 < n; p0 += block, ++round) {
    const int kb = std::min(block, n - p0), per = (blocked ? 3 : 1) * kb;
    if (pos < per) {
      phase = blocked ? pos / kb + 1 : 0;
      k = p0 + pos % kb;
      break;
    }
    pos -= per;
  }
  expect(e.at("round") == round, "round " + e.at("round").dump() + ", expected " + std::to_string(round));
  expect(e.at("phase") == phase, "phase " + e.at("phase").dump() + ", expected " + std::to_string(phase));
  expect(e.at("k") == k, "k " + e.at("k").dump() + ", expected " + std::to_string(k));
  const int p0 = round * block, kb = std::min(block, n - p0);
  auto in_p = [&](int v) { return v >= p0 && v < p0 + kb; };
  const int cell_phase = in_p(i) && in_p(j) ? 1 : (in_p(i) || in_p(j)) ? 2 : 3;
  const bool updated = !blocked || cell_phase == phase;
  expect(e.at("updated_by_step") == updated, "updated_by_step " + e.at("updated_by_step").dump());
  expect(e.at("d_ij") == as_json(after[i][j]), "d_ij " + e.at("d_ij").dump() + ", expected " + as_json(after[i][j]).dump());
  if (updated) {
    expect(e.at("d_ij_before") == as_json(before[i][j]), "d_ij_before " + e.at("d_ij_before").dump() + ", expected " +
                                                              as_json(before[i][j]).dump());
    expect(e.at("d_ik") == as_json(before[i][k]), "d_ik " + e.at("d_ik").dump() + ", expected " + as_json(before[i][k]).dump());
    expect(e.at("d_kj") == as_json(before[k][j]), "d_kj " + e.at("d_kj").dump() + ", expected " + as_json(before[k][j]).dump());
    expect(e.at("line").get<std::string>().find("min(") != std::string::npos, "line " + e.at("line").dump());
  } else {
    expect(before[i][j] == after[i][j], "a cell outside the phase's blocks changed in the reference");
    expect(e.at("line").get<std::string>().find("phase " + std::to_string(phase)) != std::string::npos,
           "line " + e.at("line").dump() + " should be phase " + std::to_string(phase) + "'s header");
  }
  // A current path, when the JSON has one, is a real path of the given length.
  if (e.at("path").is_array() && !e.at("path").empty()) {
    const std::vector<int> path = e.at("path");
    expect(path.front() == i && path.back() == j, "path does not run from i to j");
    expect(e.at("path_length") == path_weight(g, path), "path_length is not the sum of the path's edges");
  }
  return g_failures == 0 ? 0 : 1;
}

int check_path(const apsp::Graph& g, std::map<std::string, std::string>& a) {
  const nlohmann::json e = read_json(a["--json"]);
  const int i = e.at("i"), j = e.at("j");
  const Matrix d = state_after(g, g.n, false, g.n);  // the whole solve, k < n
  std::ifstream in(a["--solve-output"]);
  std::string line, want = "path " + std::to_string(i) + " -> " + std::to_string(j);
  std::vector<int> solve_path;
  bool unreachable = false, found = false;
  while (std::getline(in, line)) {
    if (line.rfind(want, 0) != 0) continue;
    found = true;
    if (line.find("unreachable") != std::string::npos) {
      unreachable = true;
      break;
    }
    std::istringstream vertices(line.substr(line.find(':') + 1));
    for (int v; vertices >> v;) solve_path.push_back(v);
  }
  expect(found, "no '" + want + "' line in the apsp solve output");
  expect(e.at("finished") == true, "the studio run did not finish");
  const std::vector<int> path = e.at("path");
  if (unreachable || d[i][j] >= kBig) {
    expect(path.empty(), "path for an unreachable pair");
    expect(e.at("path_length").is_null(), "path_length for an unreachable pair");
  } else {
    expect(path == solve_path, "studio path " + e.at("path").dump() + " differs from apsp solve --path");
    expect(e.at("path_length") == d[i][j], "path_length " + e.at("path_length").dump() + " != distance " +
                                               std::to_string(d[i][j]));
    expect(path_weight(g, path) == d[i][j], "the path's edges do not sum to the distance");
    expect(e.at("final_path") == e.at("path"), "final_path differs from the current path at the end");
  }
  return g_failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: explain_check relax|path --graph G ...\n");
    return 2;
  }
  try {
    auto args = parse_args(argc, argv);
    const apsp::Graph g = apsp::read_graph(args["--graph"]).graph;
    const std::string mode = argv[1];
    return mode == "relax" ? check_relax(g, args) : check_path(g, args);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "explain_check: %s\n", e.what());
    return 1;
  }
}
