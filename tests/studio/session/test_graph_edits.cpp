// Graphs the students build (session/graph_edits.h, session/graph_edit_state.h): every edit, its refusals, the
// renumbering of a deleted vertex, parallel edges, undo / redo back to the exact graph, the edit language and its
// errors, and the edited graph's trip through the load path.
#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>
#include <apsp/io/graph_source.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "session/graph_edit_state.h"
#include "session/graph_edits.h"

namespace apsp::studio {
namespace {

bool operator==(const Edge& a, const Edge& b) { return a.src == b.src && a.dst == b.dst && a.weight == b.weight; }

void expect_same(const Graph& a, const Graph& b) {
  ASSERT_EQ(a.n, b.n);
  ASSERT_EQ(a.edges.size(), b.edges.size());
  for (std::size_t i = 0; i < a.edges.size(); ++i)
    EXPECT_TRUE(a.edges[i] == b.edges[i])
        << "edge " << i << ": " << a.edges[i].src << "->" << a.edges[i].dst << " " << a.edges[i].weight << " vs "
        << b.edges[i].src << "->" << b.edges[i].dst << " " << b.edges[i].weight;
}

// The textbook's 4 vertices: 0->1 (3), 1->2 (-2), 2->3 (2), 3->0 (1), 0->2 (8).
Graph small() { return Graph{4, {{0, 1, 3}, {1, 2, -2}, {2, 3, 2}, {3, 0, 1}, {0, 2, 8}}}; }

TEST(GraphEdits, AddVertexAddsAnIsolatedVertexAtTheEnd) {
  GraphEdits m(small());
  m.apply(GraphEdit::add_vertex());
  EXPECT_EQ(m.graph().n, 5);
  EXPECT_EQ(m.graph().m(), 5);
  m.apply(GraphEdit::add_edge(4, 0, -1));
  EXPECT_EQ(m.edge_weight(4, 0), -1);
}

TEST(GraphEdits, DeleteVertexShiftsHigherIdsDown) {
  GraphEdits m(small());
  EXPECT_EQ(m.renumbering_note(1), "deletes vertex 1 and its 2 edges; higher ids shift down: 2 -> 1, 3 -> 2");
  EXPECT_EQ(m.renumbering_note(3), "deletes vertex 3 and its 2 edges; no other vertex is renumbered");
  m.apply(GraphEdit::delete_vertex(1));
  // 0->1 and 1->2 go; 2->3 becomes 1->2, 3->0 becomes 2->0, 0->2 becomes 0->1.
  expect_same(m.graph(), Graph{3, {{1, 2, 2}, {2, 0, 1}, {0, 1, 8}}});
  m.undo();
  expect_same(m.graph(), small());
}

TEST(GraphEdits, RenumberingNoteOfALongShiftSaysItsRange) {
  GraphEdits m(Graph{10, {}});
  EXPECT_EQ(m.renumbering_note(2), "deletes vertex 2 and its 0 edges; higher ids shift down: 3 -> 2, ..., 9 -> 8");
}

TEST(GraphEdits, AddAndDeleteEdge) {
  GraphEdits m(small());
  m.apply(GraphEdit::add_edge(0, 3, -2));
  EXPECT_EQ(m.edge_weight(0, 3), -2);
  EXPECT_EQ(m.graph().edges.back().dst, 3);
  m.apply(GraphEdit::delete_edge(2, 3));
  EXPECT_FALSE(m.edge_weight(2, 3));
  EXPECT_EQ(m.graph().m(), 5);
}

TEST(GraphEdits, SetWeightChangesTheEdgeInPlace) {
  GraphEdits m(small());
  m.apply(GraphEdit::set_weight(1, 2, 5));
  Graph expected = small();
  expected.edges[1].weight = 5;
  expect_same(m.graph(), expected);
}

// Parallel edges (a file may hold them; the matrix reads the lightest): set-weight makes them one edge at the
// first one's place, del-edge removes them all; undo brings every one of them back in its place.
TEST(GraphEdits, ParallelEdgesMergeUnderSetWeightAndGoTogether) {
  const Graph parallel{3, {{0, 1, 7}, {1, 2, 1}, {0, 1, 4}, {2, 0, 2}}};
  GraphEdits m(parallel);
  EXPECT_EQ(m.edge_weight(0, 1), 4);  // the lightest, as the matrix and the graph view read it
  m.apply(GraphEdit::set_weight(0, 1, 9));
  expect_same(m.graph(), Graph{3, {{0, 1, 9}, {1, 2, 1}, {2, 0, 2}}});
  EXPECT_EQ(m.edge_weight(0, 1), 9);  // the weight shown is the weight used
  m.undo();
  expect_same(m.graph(), parallel);
  m.apply(GraphEdit::delete_edge(0, 1));
  expect_same(m.graph(), Graph{3, {{1, 2, 1}, {2, 0, 2}}});
  m.undo();
  expect_same(m.graph(), parallel);
  // add-edge on a pair that has edges is refused: set-weight is the one way to change a pair's weight.
  EXPECT_EQ(m.refusal(GraphEdit::add_edge(0, 1, 1)), "edge 0 -> 1 exists (weight 4); set-weight changes it");
}

TEST(GraphEdits, RefusalsNameTheEditAndLeaveTheGraph) {
  GraphEdits m(small());
  EXPECT_EQ(m.refusal(GraphEdit::add_edge(0, 4, 1)), "no vertex 4 (the vertices are 0..3)");
  EXPECT_EQ(m.refusal(GraphEdit::delete_vertex(-1)), "no vertex -1 (the vertices are 0..3)");
  EXPECT_EQ(m.refusal(GraphEdit::delete_edge(1, 0)), "no edge 1 -> 0 (add-edge adds one)");
  EXPECT_EQ(m.refusal(GraphEdit::set_weight(1, 3, 2)), "no edge 1 -> 3 (add-edge adds one)");
  EXPECT_TRUE(m.refusal(GraphEdit::add_edge(2, 2, -1)));
  try {
    m.apply(GraphEdit::delete_edge(1, 0));
    FAIL() << "refused edit applied";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "del-edge 1 0: no edge 1 -> 0 (add-edge adds one)");
  }
  expect_same(m.graph(), small());
  EXPECT_FALSE(m.can_undo());
  GraphEdits one(Graph{1, {}});
  EXPECT_TRUE(one.refusal(GraphEdit::delete_vertex(0)));  // a graph keeps one vertex
}

TEST(GraphEdits, WeightsStayInsideTheDistanceTypesRange) {
  GraphEdits m(small());
  EXPECT_FALSE(m.refusal(GraphEdit::set_weight(0, 1, kInf32 - 1)));
  EXPECT_FALSE(m.refusal(GraphEdit::set_weight(0, 1, -(kInf32 - 1))));
  EXPECT_EQ(m.refusal(GraphEdit::set_weight(0, 1, kInf32)),
            "weight 1073741823 is outside the i32 range (-1073741823, 1073741823): 1073741823 means no edge");
  EXPECT_TRUE(m.refusal(GraphEdit::add_edge(0, 3, -kInf32)));
  m.set_weight_type(DType::I16);
  EXPECT_FALSE(m.refusal(GraphEdit::add_edge(0, 3, 16382)));
  EXPECT_FALSE(m.refusal(GraphEdit::add_edge(0, 3, -16382)));
  EXPECT_EQ(m.refusal(GraphEdit::add_edge(0, 3, 16383)),
            "weight 16383 is outside the i16 range (-16383, 16383): 16383 means no edge");
  EXPECT_TRUE(m.refusal(GraphEdit::set_weight(0, 1, -20000)));
}

TEST(GraphEdits, EveryEditIsOneUndoStepAndRedoMakesItAgain) {
  GraphEdits m(small());
  m.apply(GraphEdit::add_vertex());
  m.apply(GraphEdit::add_edge(4, 1, 6));
  m.apply(GraphEdit::delete_vertex(0));
  const Graph after = m.graph();
  EXPECT_EQ(m.undo_steps(), 3u);
  EXPECT_EQ(m.next_undo(), GraphEdit::delete_vertex(0));
  EXPECT_EQ(m.undo(), GraphEdit::delete_vertex(0));
  EXPECT_EQ(m.undo(), GraphEdit::add_edge(4, 1, 6));
  EXPECT_EQ(m.undo(), GraphEdit::add_vertex());
  expect_same(m.graph(), small());
  EXPECT_FALSE(m.can_undo());
  EXPECT_THROW(m.undo(), UsageError);
  m.redo();
  m.redo();
  m.redo();
  expect_same(m.graph(), after);
  EXPECT_FALSE(m.can_redo());
  // A new edit after an undo drops the redo steps.
  m.undo();
  m.apply(GraphEdit::add_vertex());
  EXPECT_FALSE(m.can_redo());
  EXPECT_THROW(m.redo(), UsageError);
}

// Any sequence of edits, undone, gives back the very graph it started from (edge order included); redone, the
// very graph it reached.
TEST(GraphEdits, RandomEditsUndoToTheStartAndRedoToTheEnd) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    const Graph start{5, {{0, 1, 3}, {0, 1, 1}, {1, 2, -2}, {2, 3, 2}, {3, 0, 1}, {4, 4, 2}, {2, 4, 5}}};
    GraphEdits m(start);
    std::vector<Graph> states{start};
    for (int step = 0; step < 30; ++step) {
      const std::int32_t n = m.graph().n;
      std::uniform_int_distribution<std::int32_t> vertex(0, n), weight(-9, 9);
      const std::int32_t u = vertex(rng), v = vertex(rng), w = weight(rng);
      GraphEdit edit;
      switch (rng() % 5) {
        case 0:
          edit = GraphEdit::add_vertex();
          break;
        case 1:
          edit = GraphEdit::delete_vertex(u);
          break;
        case 2:
          edit = GraphEdit::add_edge(u, v, w);
          break;
        case 3:
          edit = GraphEdit::delete_edge(u, v);
          break;
        default:
          edit = GraphEdit::set_weight(u, v, w);
          break;
      }
      if (m.refusal(edit)) continue;
      m.apply(edit);
      for (const Edge& e : m.graph().edges)
        ASSERT_TRUE(e.src >= 0 && e.src < m.graph().n && e.dst >= 0 && e.dst < m.graph().n);
      states.push_back(m.graph());
    }
    for (std::size_t i = states.size() - 1; i > 0; --i) {
      m.undo();
      expect_same(m.graph(), states[i - 1]);
    }
    for (std::size_t i = 1; i < states.size(); ++i) {
      m.redo();
      expect_same(m.graph(), states[i]);
    }
  }
}

TEST(EditScript, TheDocumentedExample) {
  GraphEdits m(small());
  apply_edit_script(
      m, parse_edit_script("add-edge 0 3 -2; set-weight 1 2 5; del-edge 2 3; add-vertex; del-vertex 4", "--edit"),
      "--edit");
  expect_same(m.graph(), Graph{4, {{0, 1, 3}, {1, 2, 5}, {3, 0, 1}, {0, 2, 8}, {0, 3, -2}}});
  EXPECT_EQ(m.undo_steps(), 5u);
}

TEST(EditScript, NewLinesAndBlankCommandsAndSigns) {
  const auto edits = parse_edit_script("  add-vertex ;;\n set-weight 0 1 +4\n\tdel-edge 0 2;", "--edit");
  ASSERT_EQ(edits.size(), 3u);
  EXPECT_EQ(edits[1].edit, GraphEdit::set_weight(0, 1, 4));
  EXPECT_EQ(edits[2].place, "command 3 of 3 ('del-edge 0 2', column 37)");
}

TEST(EditScript, ErrorsNameTheCommandAndItsPlace) {
  const auto message = [](const std::string& script) {
    try {
      GraphEdits m(small());
      apply_edit_script(m, parse_edit_script(script, "--edit"), "--edit");
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("add-vertex; remove 2"),
            "--edit, command 2 of 2 ('remove 2', column 13): unknown edit 'remove' (add-vertex, del-vertex V, "
            "add-edge U V W, del-edge U V, set-weight U V W)");
  EXPECT_EQ(message("add-edge 0 3"), "--edit, command 1 of 1 ('add-edge 0 3', column 1): expected 'add-edge U V W'");
  EXPECT_EQ(
      message("set-weight 0 1 x"),
      "--edit, command 1 of 1 ('set-weight 0 1 x', column 1): 'x' is not an integer (expected 'set-weight U V W')");
  EXPECT_EQ(message("set-weight 0 1 99999999999"),
            "--edit, command 1 of 1 ('set-weight 0 1 99999999999', column 1): '99999999999' is not an integer "
            "(expected 'set-weight U V W')");
  EXPECT_EQ(message("add-edge 0 3 -2; del-edge 2 0"),
            "--edit, command 2 of 2 ('del-edge 2 0', column 18): no edge 2 -> 0 (add-edge adds one)");
  EXPECT_EQ(message("del-vertex 1; add-edge 0 3 1"),
            "--edit, command 2 of 2 ('add-edge 0 3 1', column 15): no vertex 3 (the vertices are 0..2)");
  EXPECT_EQ(message(" ; "), "--edit: no edit in ' ; '");
}

// The edited graph goes back through the load path as an in-memory edge list: loading it gives the same graph,
// isolated last vertices included.
TEST(EditedGraphSource, LoadsBackAsTheSameGraph) {
  const Graph g{6, {{0, 1, -3}, {2, 1, 7}, {0, 1, 2}, {3, 0, 1073741822}}};
  const GraphSource source = edited_graph_source(g, "classroom:textbook4 (edited)");
  const LoadedGraph loaded = load_graph(source, GraphLoadOptions{});
  expect_same(loaded.graph, g);
  EXPECT_EQ(source.label(), "file classroom:textbook4 (edited)");
}

SessionSnapshot loaded(std::shared_ptr<const Graph> g, GraphSource source, int block = 2) {
  SessionSnapshot s;
  s.has_graph = true;
  s.loaded_graph = std::move(g);
  s.graph.source = std::move(source);
  s.n = s.loaded_graph->n;
  s.config.block = block;
  return s;
}

// Which loaded graph a chain of edits follows: its base and the graphs it asked to load; any other load ends it.
TEST(GraphEditState, FollowsItsOwnLoadsOnly) {
  GraphEditState state;
  const SessionSnapshot base =
      loaded(std::make_shared<const Graph>(small()), GraphSource::generator("classroom:textbook4"));
  EXPECT_FALSE(state.follows(base));
  state.start(base);
  EXPECT_TRUE(state.follows(base));
  state.model.apply(GraphEdit::add_vertex());
  const GraphSource next = state.next_source();
  EXPECT_EQ(next.text, "classroom:textbook4 (edited: 1 edit)");
  EXPECT_TRUE(state.follows(loaded(std::make_shared<const Graph>(state.model.graph()), next)));
  // The same graph loaded from elsewhere is not the chain's.
  EXPECT_FALSE(
      state.follows(loaded(std::make_shared<const Graph>(small()), GraphSource::generator("classroom:textbook4"))));
  EXPECT_FALSE(state.follows(
      loaded(std::make_shared<const Graph>(state.model.graph()), edited_graph_source(state.model.graph(), "x"))));
  // The settings remember the origin, never the in-memory graph.
  EXPECT_EQ(remembered_graph_source(loaded(std::make_shared<const Graph>(state.model.graph()), next), state).text,
            "classroom:textbook4");
}

// The block the lesson restarts with: as asked when the chain began, clamped by the load to n (n = 1 gives 1),
// back to it when n grows again; a block the user picked since is kept.
TEST(GraphEditState, RestartKeepsTheAskedBlock) {
  GraphEditState state;
  state.start(loaded(std::make_shared<const Graph>(small()), GraphSource::generator("classroom:textbook4"), 4));
  EXPECT_EQ(state.restart_config(loaded(std::make_shared<const Graph>(Graph{3, {}}), GraphSource{}, 4)).block, 4);
  EXPECT_EQ(state.restart_config(loaded(std::make_shared<const Graph>(Graph{3, {}}), GraphSource{}, 3)).block, 4);
  EXPECT_EQ(state.restart_config(loaded(std::make_shared<const Graph>(Graph{5, {}}), GraphSource{}, 2)).block, 2);
}

TEST(GraphEditState, SavingOverTheInputFileIsRefused) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "apsp_graph_edits_test";
  std::filesystem::create_directories(dir);
  const std::string input = (dir / "g.gr").string();
  std::ofstream(input) << "p sp 1 0\n";
  GraphEditState state;
  const SessionSnapshot file = loaded(std::make_shared<const Graph>(Graph{1, {}}), GraphSource::file(input));
  EXPECT_THROW(refuse_saving_over_input("Save", input, file, state), UsageError);
  EXPECT_NO_THROW(refuse_saving_over_input("Save", (dir / "other.gr").string(), file, state));
  // An edited graph: the file its edits started from is still its input.
  state.start(file);
  state.model.apply(GraphEdit::add_vertex());
  const GraphSource next = state.next_source();
  const SessionSnapshot edited = loaded(std::make_shared<const Graph>(state.model.graph()), next);
  try {
    refuse_saving_over_input("--save-graph", input, edited, state);
    FAIL() << "saved over the input";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--save-graph"), std::string::npos) << e.what();
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace apsp::studio
