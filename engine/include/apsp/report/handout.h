#pragma once
/// @file handout.h
/// @brief Handouts: a lesson's tables on paper. One table per step (a k-step, a phase or a round) of a
/// solver on a classroom-sized graph, each D (and Π) with the cells that step changed marked, written as a
/// LaTeX document or fragment (plain tabular), as SVG (one picture per step) or as one multi-page PDF.
///
/// collect_handout() steps the solver and keeps what every writer prints, so the three formats show the same
/// numbers, marks and captions (handout_caption(): the one place that words them). Writers are pure functions
/// of the Handout: the same lesson gives the same bytes (no dates, no locale).
///
/// Numbering: the studio counts vertices and k from 0; CLRS counts them from 1. With one_based every vertex
/// printed (row and column headers, Π's entries, k in the captions) is the studio's plus one, and each caption
/// says which numbering it uses. The superscript of D^(m) counts the intermediate vertices allowed so far, the
/// same in both numberings (CLRS's D^(5) of a 5-vertex graph is the final matrix).
#include <apsp/solve/solver.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace apsp {

enum class HandoutFormat { Tex, Svg, Pdf };
/// @brief "tex", "svg" or "pdf"; throws UsageError naming the choices otherwise.
HandoutFormat parse_handout_format(std::string_view text);

/// @brief The tables a handout prints for each step: D (distances), Π (predecessors), or both.
struct HandoutTables {
  bool distances = true;
  bool predecessors = false;
};

/// @brief One state of the lesson: the input (index 0) or the state after one step.
struct HandoutStep {
  bool input = false;                            ///< the input: no step done yet, nothing marked
  Cursor before;                                 ///< where the step started (the input: the start)
  Granularity granularity = Granularity::KStep;  ///< what the step was
  int k_first = 0;  ///< global k (0-based) of the step's first and last intermediate vertex
  int k_last = -1;
  /// k-steps done in all, when the state equals CLRS's D^(m) (restricted to intermediates 0..m-1: every state
  /// of plain Floyd–Warshall at a k boundary, and every round boundary of the blocked one); -1 otherwise.
  int clrs_m = -1;
  std::vector<std::int32_t> distances;         ///< n x n row-major, kInf32 = unreachable
  std::vector<std::uint8_t> distance_changed;  ///< n x n: 1 where this step changed the distance
  std::vector<std::int32_t> predecessors;      ///< n x n row-major (0-based, -1 = NIL); empty without Π
  std::vector<std::uint8_t> predecessor_changed;
};

struct Handout {
  int n = 0;
  std::string graph;    ///< what the lesson solves (a file name or a generator spec), printable ASCII
  std::string backend;  ///< "cpu-naive" or "cpu-blocked"
  bool blocked = false;
  int block = 0;
  Granularity granularity = Granularity::KStep;
  bool one_based = false;
  HandoutTables tables;
  std::vector<HandoutStep> steps;  ///< steps[0] is the input
};

struct HandoutOptions {
  /// KStep, Phase or Round (ToEnd is refused): what one table is.
  Granularity granularity = Granularity::KStep;
  HandoutTables tables;
  bool one_based = false;
  std::string graph;  ///< the title's name of the graph (made printable ASCII)
};

/// @brief The default granularity: each k for plain Floyd–Warshall, each round for a blocked solver.
Granularity default_handout_granularity(bool blocked);

/// @brief Resets @p solver on @p initial and steps it to the end by @p options.granularity, keeping every
/// state. Throws UsageError for n above limits::kMaxHandoutVertices or ToEnd, what Solver::step throws (a
/// negative cycle included). Π needs a solver that tracks it (options().track_paths on a CPU backend).
Handout collect_handout(Solver& solver, const DistanceMatrix& initial, const HandoutOptions& options);

/// @brief Keeps only steps[@p index] (0: the input; -1: the last). Throws UsageError outside the range.
void keep_one_handout_step(Handout& handout, int index);

/// @brief A table's caption in three parts, so that each writer sets the symbol and superscript its own way:
/// "D", "(4)", "after k = 3 (vertex 4 in 1-based numbering)", "vertices numbered from 0, as in the studio".
struct HandoutCaption {
  bool predecessors = false;  ///< symbol: Π, else D
  std::string superscript;    ///< "(4)", or "" when the state is no D^(m) (a blocked run mid-round)
  std::string text;           ///< what the step did
  std::string numbering;      ///< which numbering the table's vertices use
};
HandoutCaption handout_caption(const Handout& handout, const HandoutStep& step, bool predecessors);
/// @brief The document's title line and its note on the numbering (and Π's NIL); each writer says how it
/// marks a changed cell.
std::string handout_title(const Handout& handout);
std::string handout_note(const Handout& handout);

/// @brief One cell as every writer prints it: a distance ("-3"; infinity set and text empty for unreachable:
/// each format has its own symbol), a predecessor ("NIL" or its vertex in the handout's numbering), and
/// whether the step changed it.
struct HandoutCell {
  std::string text;
  bool infinity = false;
  bool changed = false;
};
HandoutCell handout_cell(const Handout& handout, const HandoutStep& step, bool predecessors, int i, int j);
/// @brief A row's or column's header: the vertex in the handout's numbering.
std::string handout_vertex_text(const Handout& handout, std::int32_t vertex);

/// @brief A standalone LaTeX document (article, plain tabular, no packages), or with
/// @p fragment only the tables (to \input into a teacher's own document).
std::string handout_latex(const Handout& handout, bool fragment);
/// @brief One SVG picture of @p step: its D and Π tables side by side with their captions.
std::string handout_svg(const Handout& handout, const HandoutStep& step);
/// @brief "step-03.svg": the file name of step @p index in a folder of SVGs (sorted by name = in order).
std::string handout_svg_name(std::size_t index);
/// @brief A PDF 1.4 document, one page per step (A4 portrait; Helvetica, Helvetica-Bold and Symbol, the
/// standard fonts every reader has; uncompressed content streams).
std::string handout_pdf(const Handout& handout);

/// @brief Writes @p handout in @p format to @p path (tex, pdf: one file; svg: a folder of step-NN.svg, created
/// if missing, or one file when the handout keeps one step and @p path ends in .svg). Atomic per file.
void write_handout(const Handout& handout, HandoutFormat format, const std::string& path, bool fragment);

}  // namespace apsp
