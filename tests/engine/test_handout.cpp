// Handouts (report/handout.h): every state equals Floyd–Warshall restricted to the k-steps done, the marks sit
// exactly on the cells the step changed, and the LaTeX, SVG and PDF writers print those numbers and marks (read
// back from their bytes: the tabular's cells, the PDF's text strings after its cross-reference table is checked).
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/graph/generators.h>
#include <apsp/report/handout.h>
#include <apsp/solve/registry.h>
#include <apsp/teach/predecessors.h>
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "reference_fw.h"

namespace apsp {
namespace {

Handout make_handout(const Graph& g, const std::string& backend, int block, Granularity granularity,
                     bool one_based = false, HandoutTables tables = {true, false}) {
  SolverOptions opts;
  opts.block = block;
  opts.threads = 1;
  opts.track_paths = tables.predecessors;
  const auto solver = create_solver(backend, opts);
  HandoutOptions o;
  o.granularity = granularity;
  o.one_based = one_based;
  o.tables = tables;
  o.graph = "test graph";
  return collect_handout(*solver, to_distance_matrix(g, block, DType::I32), o);
}

std::vector<std::int32_t> as_int32(const std::vector<std::int64_t>& v) { return {v.begin(), v.end()}; }

Graph small_graph(int n, std::uint64_t seed) {
  test::RandomGraphOptions o;
  o.density = 0.3;
  o.negative = true;
  o.w_hi = 9;
  return test::random_graph(n, seed, o);
}

TEST(Handout, PlainFloydWarshallHasATablePerKEqualToTheRestrictedReferenceWithExactMarks) {
  const Graph g = small_graph(7, 3);
  const Handout h = make_handout(g, "cpu-naive", 3, Granularity::KStep);
  ASSERT_EQ(h.steps.size(), 8u);
  int marked = 0;
  for (int k = 0; k <= 7; ++k) {
    const HandoutStep& s = h.steps[static_cast<std::size_t>(k)];
    const std::vector<std::int32_t> want = as_int32(test::reference_fw(g, k));
    EXPECT_EQ(s.distances, want) << "D^(" << k << ")";
    EXPECT_EQ(s.clrs_m, k);
    if (k == 0) continue;
    EXPECT_EQ(s.k_first, k - 1);
    EXPECT_EQ(s.k_last, k - 1);
    const std::vector<std::int32_t> before = as_int32(test::reference_fw(g, k - 1));
    for (std::size_t c = 0; c < want.size(); ++c) {
      EXPECT_EQ(s.distance_changed[c] != 0, want[c] < before[c]) << "k = " << k - 1 << ", cell " << c;
      marked += s.distance_changed[c];
    }
  }
  EXPECT_GT(marked, 0);  // the graph gives the marks something to show
}

TEST(Handout, BlockedStepsByRoundPhaseAndKAgreeWithTheSolversOwnStates) {
  const Graph g = small_graph(9, 5);
  for (const Granularity granularity : {Granularity::Round, Granularity::Phase, Granularity::KStep}) {
    const Handout h = make_handout(g, "cpu-blocked", 3, granularity);
    const std::size_t per_round = granularity == Granularity::Round ? 1 : granularity == Granularity::Phase ? 3 : 9;
    ASSERT_EQ(h.steps.size(), 1 + 3 * per_round);
    // The same solver stepped by hand: each table is its state, each mark a cell that state changed.
    SolverOptions opts;
    opts.block = 3;
    const auto solver = create_solver("cpu-blocked", opts);
    solver->reset(to_distance_matrix(g, 3, DType::I32));
    DistanceMatrix d;
    solver->read(d);
    std::vector<std::int32_t> before = d.to_dense();
    for (std::size_t s = 1; s < h.steps.size(); ++s) {
      solver->step(granularity);
      solver->read(d);
      const std::vector<std::int32_t> after = d.to_dense();
      EXPECT_EQ(h.steps[s].distances, after) << "step " << s;
      for (std::size_t c = 0; c < after.size(); ++c)
        EXPECT_EQ(h.steps[s].distance_changed[c] != 0, after[c] != before[c]) << "step " << s << ", cell " << c;
      // A round boundary is CLRS's D^(m), m = the k-steps done; mid-round states are not.
      const bool boundary = s % per_round == 0;
      EXPECT_EQ(h.steps[s].clrs_m, boundary ? static_cast<int>(s / per_round) * 3 : -1) << "step " << s;
      before = after;
    }
    EXPECT_EQ(h.steps.back().distances, as_int32(test::reference_fw(g, 9)));
  }
}

/// The lightest edge u -> v of @p g (kInf32: none); a path read from Π weighs the sum of these.
std::int64_t edge_weight(const Graph& g, int u, int v) {
  std::int64_t w = kInf32;
  for (const Edge& e : g.edges)
    if (e.src == u && e.dst == v) w = std::min<std::int64_t>(w, e.weight);
  return w;
}

TEST(Handout, PiAtEveryStepGivesPathsOfTheTablesLengthAndItsMarksAreWherePiChanged) {
  const Graph g = small_graph(7, 13);
  for (const char* backend : {"cpu-naive", "cpu-blocked"})
    for (const Granularity granularity : {Granularity::KStep, Granularity::Phase, Granularity::Round}) {
      const Handout h = make_handout(g, backend, 3, granularity, false, {true, true});
      for (std::size_t s = 0; s < h.steps.size(); ++s) {
        const HandoutStep& step = h.steps[s];
        ASSERT_EQ(step.predecessors.size(), 49u);
        PredecessorMatrix pi(7);
        for (int i = 0; i < 7; ++i)
          for (int j = 0; j < 7; ++j) pi.set(i, j, step.predecessors[static_cast<std::size_t>(i * 7 + j)]);
        for (int i = 0; i < 7; ++i)
          for (int j = 0; j < 7; ++j) {
            const std::int32_t d = step.distances[static_cast<std::size_t>(i * 7 + j)];
            const std::vector<std::int32_t> path = teach::path_from_predecessors(pi, i, j);
            // A blocked run's mid-round Π is the solver's as it stands (each entry set when its cell last
            // improved): its walks may run through entries improved since, so lengths are checked at D^(m) states.
            if (d >= kInf32 || i == j || step.clrs_m < 0) continue;
            ASSERT_FALSE(path.empty()) << backend << " step " << s << " " << i << " -> " << j;
            std::int64_t length = 0;
            for (std::size_t e = 0; e + 1 < path.size(); ++e) length += edge_weight(g, path[e], path[e + 1]);
            EXPECT_EQ(length, d) << backend << " step " << s << " " << i << " -> " << j;
          }
        if (s == 0) continue;
        for (std::size_t c = 0; c < 49; ++c)
          EXPECT_EQ(step.predecessor_changed[c] != 0, step.predecessors[c] != h.steps[s - 1].predecessors[c]);
      }
    }
}

TEST(Handout, ClrsFinalTablesAreTheTextbooks) {
  // CLRS figures 25.1 / 25.4, 1-based as the book prints them.
  const Graph g = generate(GeneratorSpec::parse("classroom:clrs"));
  ASSERT_EQ(g.n, 5);
  const Handout h = make_handout(g, "cpu-naive", 5, Granularity::KStep, true, {true, true});
  ASSERT_EQ(h.steps.size(), 6u);
  const char* d5[5][5] = {{"0", "1", "-3", "2", "-4"},
                          {"3", "0", "-4", "1", "-1"},
                          {"7", "4", "0", "5", "3"},
                          {"2", "-1", "-5", "0", "-2"},
                          {"8", "5", "1", "6", "0"}};
  const char* pi5[5][5] = {{"NIL", "3", "4", "5", "1"},
                           {"4", "NIL", "4", "2", "1"},
                           {"4", "3", "NIL", "2", "1"},
                           {"4", "3", "4", "NIL", "1"},
                           {"4", "3", "4", "5", "NIL"}};
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) {
      EXPECT_EQ(handout_cell(h, h.steps[5], false, i, j).text, d5[i][j]) << "D^(5) " << i + 1 << ", " << j + 1;
      EXPECT_EQ(handout_cell(h, h.steps[5], true, i, j).text, pi5[i][j]) << "Pi^(5) " << i + 1 << ", " << j + 1;
    }
  EXPECT_EQ(handout_caption(h, h.steps[5], true).superscript, "(5)");
  EXPECT_EQ(handout_caption(h, h.steps[5], true).text, "after k = 5 (vertex 4 in the studio's 0-based numbering)");
}

TEST(Handout, CaptionsSayTheStepAndTheNumbering) {
  const Graph g = small_graph(5, 1);
  const Handout zero = make_handout(g, "cpu-naive", 5, Granularity::KStep);
  const HandoutCaption c = handout_caption(zero, zero.steps[4], false);
  EXPECT_EQ(c.superscript, "(4)");
  EXPECT_EQ(c.text, "after k = 3 (vertex 4 in 1-based numbering)");
  EXPECT_EQ(c.numbering, "vertices numbered from 0, as in the studio");
  const Handout one = make_handout(g, "cpu-naive", 5, Granularity::KStep, true);
  const HandoutCaption o = handout_caption(one, one.steps[4], false);
  EXPECT_EQ(o.superscript, "(4)");
  EXPECT_EQ(o.text, "after k = 4 (vertex 3 in the studio's 0-based numbering)");
  EXPECT_EQ(o.numbering, "vertices numbered from 1, as in CLRS");
  EXPECT_EQ(handout_vertex_text(one, 0), "1");
  const Handout blocked = make_handout(small_graph(6, 2), "cpu-blocked", 3, Granularity::Phase);
  const HandoutCaption b = handout_caption(blocked, blocked.steps[2], false);
  EXPECT_EQ(b.superscript, "");
  EXPECT_EQ(b.text, "after round 0, phase 2 (pivot row and column): k = 0..2 (vertices 1..3 in 1-based numbering)");
  EXPECT_EQ(handout_caption(blocked, blocked.steps[3], false).superscript, "(3)");
}

TEST(Handout, RefusesMoreVerticesThanAPageShows) {
  const Graph g = small_graph(limits::kMaxHandoutVertices + 1, 1);
  EXPECT_THROW(make_handout(g, "cpu-naive", 64, Granularity::KStep), UsageError);
  EXPECT_NO_THROW(make_handout(small_graph(limits::kMaxHandoutVertices, 1), "cpu-naive", 64, Granularity::Round));
}

TEST(Handout, KeepsOneStep) {
  Handout h = make_handout(small_graph(5, 4), "cpu-naive", 5, Granularity::KStep);
  const std::vector<std::int32_t> last = h.steps.back().distances;
  keep_one_handout_step(h, -1);
  ASSERT_EQ(h.steps.size(), 1u);
  EXPECT_EQ(h.steps[0].distances, last);
  EXPECT_THROW(keep_one_handout_step(h, 3), UsageError);
}

/// One cell read back from a writer: its value (kInf32 for infinity, -1 for NIL) and whether it is marked.
struct ReadCell {
  std::int32_t value = 0;
  bool marked = false;
};

/// The cells of the last tabular in @p tex (row labels dropped).
std::vector<ReadCell> last_latex_table(const std::string& tex) {
  const std::size_t begin = tex.rfind("\\hline\n");
  const std::size_t end = tex.find("\\end{tabular}", begin);
  std::vector<ReadCell> cells;
  std::size_t at = begin + 7;
  while (at < end) {
    const std::size_t eol = tex.find(" \\\\\n", at);
    std::string row = tex.substr(at, eol - at);
    at = eol + 4;
    std::size_t pos = row.find(" & ");
    while (pos != std::string::npos) {
      const std::size_t next = row.find(" & ", pos + 3);
      const std::string cell = row.substr(pos + 3, next == std::string::npos ? std::string::npos : next - pos - 3);
      ReadCell r;
      r.marked = cell.find("^{*}") != std::string::npos;
      if (cell.find("\\infty") != std::string::npos)
        r.value = kInf32;
      else if (cell.find("nil") != std::string::npos)
        r.value = -1;
      else
        r.value = std::stoi(cell.substr(cell.find_first_of("-0123456789")));
      cells.push_back(r);
      pos = next;
    }
  }
  return cells;
}

TEST(Handout, LatexPrintsTheSolversNumbersAndMarksTheChangedCells) {
  const Graph g = small_graph(6, 7);
  const Handout h = make_handout(g, "cpu-naive", 6, Granularity::KStep);
  const std::string tex = handout_latex(h, false);
  EXPECT_EQ(tex.rfind("\\documentclass", 200) != std::string::npos, true);
  EXPECT_NE(tex.find("\\end{document}"), std::string::npos);
  const std::vector<ReadCell> cells = last_latex_table(tex);
  ASSERT_EQ(cells.size(), 36u);
  for (std::size_t c = 0; c < cells.size(); ++c) {
    EXPECT_EQ(cells[c].value, h.steps.back().distances[c]) << "cell " << c;
    EXPECT_EQ(cells[c].marked, h.steps.back().distance_changed[c] != 0) << "cell " << c;
  }
  const std::string fragment = handout_latex(h, true);
  EXPECT_EQ(fragment.find("\\documentclass"), std::string::npos);
  EXPECT_EQ(last_latex_table(fragment).size(), 36u);
  EXPECT_EQ(handout_latex(h, false), tex);  // deterministic
}

/// The PDF's structure as a reader checks it: startxref points at the xref table, each entry at "N 0 obj", each
/// stream's /Length ends at "endstream". Returns the text strings shown (Tj operands, escapes decoded), in order.
std::vector<std::string> checked_pdf_strings(const std::string& pdf) {
  EXPECT_EQ(pdf.rfind("%PDF-1.4\n", 0), 0u);
  const std::size_t sx = pdf.rfind("startxref\n");
  EXPECT_NE(sx, std::string::npos);
  const std::size_t xref = std::stoul(pdf.substr(sx + 10));
  EXPECT_EQ(pdf.compare(xref, 7, "xref\n0 "), 0);
  const std::size_t count = std::stoul(pdf.substr(xref + 7));
  const std::size_t table = pdf.find('\n', xref + 7) + 1;
  EXPECT_EQ(pdf.compare(table, 20, "0000000000 65535 f \n"), 0);
  for (std::size_t id = 1; id < count; ++id) {
    const std::string entry = pdf.substr(table + 20 * id, 20);
    EXPECT_EQ(entry.substr(10), " 00000 n \n") << "entry " << id;
    const std::size_t offset = std::stoul(entry.substr(0, 10));
    const std::string head = std::to_string(id) + " 0 obj\n";
    EXPECT_EQ(pdf.compare(offset, head.size(), head), 0) << "object " << id << " at " << offset;
  }
  EXPECT_NE(pdf.find("/Size " + std::to_string(count) + " /Root 1 0 R"), std::string::npos);
  std::vector<std::string> strings;
  for (std::size_t at = pdf.find("/Length "); at != std::string::npos; at = pdf.find("/Length ", at + 1)) {
    const std::size_t length = std::stoul(pdf.substr(at + 8));
    const std::size_t data = pdf.find("stream\n", at) + 7;
    EXPECT_EQ(pdf.compare(data + length, 11, "\nendstream\n"), 0) << "stream at " << data;
    const std::string content = pdf.substr(data, length);
    for (std::size_t p = content.find('('); p != std::string::npos; p = content.find('(', p)) {
      std::string s;
      ++p;
      while (content[p] != ')') {
        if (content[p] == '\\') {
          ++p;
          if (content[p] >= '0' && content[p] <= '7') {
            s += static_cast<char>(std::stoi(content.substr(p, 3), nullptr, 8));
            p += 3;
            continue;
          }
        }
        s += content[p++];
      }
      strings.push_back(s);
    }
  }
  return strings;
}

TEST(Handout, PdfIsWellFormedAndShowsTheFinalDistancesOnItsLastPage) {
  const Graph g = small_graph(6, 9);
  const Handout h = make_handout(g, "cpu-naive", 6, Granularity::KStep, true);
  const std::string pdf = handout_pdf(h);
  const std::vector<std::string> strings = checked_pdf_strings(pdf);
  EXPECT_NE(pdf.find("/Count 7"), std::string::npos);  // one page per table: the input and 6 k-steps
  // The last page: "D", "(6)", 2 x 6 headers (1-based), then the cells row by row.
  std::size_t at = strings.size();
  for (std::size_t s = 0; s + 1 < strings.size(); ++s)
    if (strings[s] == "D" && strings[s + 1] == "(6)") at = s + 2;
  ASSERT_LT(at + 12 + 36, strings.size() + 1);
  EXPECT_EQ(strings[at], "1");
  EXPECT_EQ(strings[at + 11], "6");
  for (std::size_t c = 0; c < 36; ++c) {
    const std::int32_t want = h.steps.back().distances[c];
    const std::string& got = strings[at + 12 + c];
    if (want >= kInf32)
      EXPECT_EQ(got, std::string(1, static_cast<char>(0xA5))) << "cell " << c;  // the Symbol font's infinity
    else
      EXPECT_EQ(got, std::to_string(want)) << "cell " << c;
  }
  EXPECT_EQ(handout_pdf(h), pdf);  // deterministic
}

TEST(Handout, SvgBoldsExactlyTheChangedCells) {
  const Handout h = make_handout(small_graph(7, 11), "cpu-naive", 7, Granularity::KStep);
  for (std::size_t s = 0; s < h.steps.size(); ++s) {
    const std::string svg = handout_svg(h, h.steps[s]);
    int changed = 0;
    for (const std::uint8_t c : h.steps[s].distance_changed) changed += c;
    const auto count = [&svg](const std::string& what) {
      int n = 0;
      for (std::size_t p = svg.find(what); p != std::string::npos; p = svg.find(what, p + 1)) ++n;
      return n;
    };
    EXPECT_EQ(count("text-anchor=\"end\" font-weight=\"bold\""), changed) << "step " << s;
    EXPECT_EQ(count("fill=\"#d9d9d9\""), changed) << "step " << s;
    EXPECT_NE(svg.find("</svg>"), std::string::npos);
  }
}

}  // namespace
}  // namespace apsp
