#pragma once
/// @file quiz.h
/// @brief The quiz: a question about one step of a run ("which cells of this block improve in phase 2?", "what
/// is d[i][j] after k = 3?"), the answer a student gives, the right answer, the marks and the score.
///
/// The right answer is never computed by a model of the algorithm: it is read from the solver's own matrix
/// before and after the step (expected_answer), so it is right for every backend, block and granularity.
/// "improves" means strictly decreased; a block the step does not write has the answer "none".
///
/// Numbering: vertices, k, rounds and blocks from 0, phases named pivot / rowcol / independent (phase 1, 2, 3)
/// or full (plain Floyd–Warshall). In a question's JSON "at" the k is the global vertex number (round * B +
/// offset), as the studio shows it; Cursor::k is the offset inside the round.
///
/// JSON of one entry (docs/teaching.md, "Quiz files"):
///   {"at": {"round": 0, "phase": "rowcol", "k": 0}, "step": "phase", "ask": "improves", "block": [0, 1],
///    "answer": {"cells": [[0, 2], [1, 3]]}}
///   {"at": {"round": 0, "phase": "pivot", "k": 1}, "step": "k", "ask": "value", "cell": [1, 2],
///    "answer": {"value": 5}}            ("value": "inf" for unreachable)
/// "block" omitted: the whole matrix; "ask" omitted: the step's default question (questions_for_step).
#include <apsp/core/distance_matrix.h>
#include <apsp/solve/solver.h>
#include <apsp/teach/relaxation.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace apsp::teach {

class TimeTravel;

enum class QuizAsk { Improves, Value };
enum class QuizStep { K, Phase, Round };

using QuizCell = std::pair<int, int>;  ///< (i, j), 0-based

struct QuizQuestion {
  Cursor at;  ///< the step starts here (Cursor::k: offset inside the round's phase)
  QuizStep step = QuizStep::Phase;
  QuizAsk ask = QuizAsk::Improves;
  int block_row = -1, block_col = -1;  ///< Improves: the block asked about; -1/-1 = the whole matrix
  int i = -1, j = -1;                  ///< Value: the cell
  std::string prompt;                  ///< optional text shown with the question
};

struct QuizAnswer {
  std::vector<QuizCell> cells;        ///< Improves: the cells the student says improve (sorted, unique)
  std::optional<std::int32_t> value;  ///< Value: kInf32 = inf
  bool given = false;                 ///< false: not answered (scored as wrong, every improving cell missed)
};

struct QuizExpected {
  std::vector<QuizCell> improved;  ///< cells of the asked block whose value strictly decreased, sorted
  std::int32_t value = kInf32;     ///< Value: d_ij after the step, widened (kInf32 = inf)
};

struct QuizMark {
  bool right = false;              ///< exact set (Improves) or exact value (Value)
  std::vector<QuizCell> missed;    ///< improve, not in the answer
  std::vector<QuizCell> extra;     ///< in the answer, do not improve
  std::vector<QuizCell> hit;       ///< improve, in the answer
};

struct QuizScore {
  int asked = 0, right = 0;
  int cells_hit = 0, cells_missed = 0, cells_extra = 0;
};

/// @brief The run a quiz is played on: what the ranges of a question are checked against.
struct QuizRun {
  int n = 0;
  int block = 1;        ///< the pivot block B (plain Floyd–Warshall: the k's per round)
  bool blocked = true;  ///< three phases per round; false: one full phase
  int rounds() const { return n > 0 ? (n + block - 1) / block : 0; }
};

/// @brief One entry of a quiz file: the question and the answer given to it.
struct QuizEntry {
  QuizQuestion question;
  QuizAnswer answer;
};

Granularity granularity_of(QuizStep step);
std::string_view to_string(QuizStep step);  ///< "k", "phase", "round"
std::string_view to_string(QuizAsk ask);    ///< "improves", "value"

/// @brief Cells (first row, end row) x (first col, end col) the question asks about: the block, or the whole
/// matrix; for Value the one cell.
struct QuizArea {
  int row_begin = 0, row_end = 0, col_begin = 0, col_end = 0;
  bool contains(int i, int j) const { return i >= row_begin && i < row_end && j >= col_begin && j < col_end; }
};
QuizArea area_of(const QuizQuestion& q, int n, int block);

/// @brief The right answer from the solver's matrices before and after the step (Solver::read() or
/// read_state(); any padding or dtype, compared widened and normalized). @p block: the run's pivot block B.
QuizExpected expected_answer(const QuizQuestion& q, const DistanceMatrix& before, const DistanceMatrix& after,
                             int block);

/// @brief Marks @p a against @p e per cell (hit, missed, extra) and as a whole (right).
QuizMark mark(const QuizQuestion& q, const QuizAnswer& a, const QuizExpected& e);

/// @brief Adds one marked question to @p score.
void add_to_score(QuizScore& score, const QuizQuestion& q, const QuizMark& m);

/// @brief The default questions for the step from @p at: "which cells improve?" over the blocks the step writes,
/// in order (phase 1: the pivot block; phase 2: the pivot row blocks, then the pivot column blocks; phase 3: the
/// independent blocks row by row; a k-step as its phase; a round step: the pivot block, the row/column blocks,
/// the independent blocks). Plain Floyd–Warshall: one question over the whole matrix. Deterministic; the first
/// one is what a quiz entry without "ask" gets.
std::vector<QuizQuestion> questions_for_step(const QuizRun& run, const Cursor& at, QuizStep step);

/// @brief Reads one question and checks it against @p run (the JSON's k is global: the run's B converts it).
/// Without "ask" the step's default question (questions_for_step). An entry's "answer" is skipped; any key
/// other than at, step, ask, block, cell, prompt is refused, so a misspelt key is not silently ignored. Throws InputError(@p where, ...) with one line: @p where names the file and the entry
/// ("quiz.json: entry 3").
QuizQuestion question_from_json(const nlohmann::json& j, const std::string& where, const QuizRun& run);
nlohmann::json to_json(const QuizQuestion& q, const QuizRun& run);
/// @brief The "answer" object of an entry; throws InputError(@p where, ...) with one line.
QuizAnswer answer_from_json(const nlohmann::json& j, const std::string& where);
nlohmann::json to_json(const QuizAnswer& a);
nlohmann::json to_json(const QuizExpected& e, const QuizQuestion& q);
nlohmann::json to_json(const QuizMark& m);
nlohmann::json to_json(const QuizScore& s);
nlohmann::json cell_json(const QuizCell& c);
nlohmann::json distance_json(std::int32_t v);  ///< a number, or "inf"

/// @brief Throws InputError(@p where, ...) when @p q does not fit @p run: the cursor's round, phase and k,
/// the block, the cell, the answer's cells (inside the asked area, 0..n-1).
void check_entry(const QuizRun& run, const QuizQuestion& q, const QuizAnswer& a, const std::string& where);

/// @brief Every entry of a quiz document: an array of entries, or an object with "questions": [...]. Entries
/// without "ask" get questions_for_step()'s first question. Checked against @p run; errors name @p file and
/// the entry (1-based, as an editor counts them).
std::vector<QuizEntry> quiz_from_json(const nlohmann::json& doc, const std::string& file, const QuizRun& run);
/// @brief Reads and parses a quiz file (quiz_from_json); one-line InputError for a file that is missing or not JSON.
std::vector<QuizEntry> load_quiz_file(const std::string& path, const QuizRun& run);

/// @brief One line on why cell (i, j) of @p ledger did or did not improve in the step, with the real numbers:
/// "d[1][2] improves from 7 to 5: at k = 3, min(6, 2 + 3) = 5", "d[1][2] does not improve: no k of this step
/// improves it: the best sum is 8 >= 7", "d[0][3] does not improve: this step does not write it (phase 2
/// writes the pivot row and column blocks); stays 4".
std::string explain_cell(const Ledger& ledger, int step_phase_number);

/// @brief The explanation of a marked question: one line per missed and extra cell (Improves), one line for the
/// cell of a wrong Value answer; empty when right. @p ledger_of gives the ledger of a cell for the step.
std::vector<std::string> explain_mark(const QuizQuestion& q, const QuizAnswer& a, const QuizExpected& e,
                                      const QuizMark& m,
                                      const std::function<std::optional<Ledger>(int i, int j)>& ledger_of);

/// @brief One question played: the state moved to its cursor, its step taken, its answer marked.
struct QuizOutcome {
  QuizQuestion question;
  QuizAnswer answer;
  QuizExpected expected;
  QuizMark mark;
  std::vector<std::string> explanation;
  Cursor after;         ///< where the step ended
  std::string stopped;  ///< the negative cycle the step ran into (its state is still marked), or empty
};

/// @brief Moves @p travel (stepping @p solver) to q.at, forward by steps or back through its checkpoints, takes
/// q's step and marks @p a; the ledgers of the explanation come from the same run. Throws InputError(@p where,
/// ...) when the run cannot reach q.at (it stopped at a negative cycle before). A step that runs into a negative
/// cycle is still marked (its matrix is the solver's at the end of that round) and says so in `stopped`.
QuizOutcome play_question(TimeTravel& travel, Solver& solver, const QuizQuestion& q, const QuizAnswer& a,
                          const std::string& where);

/// @brief The results document: {"score": {...}, "questions": [{question, answer, expected, right, hit, missed,
/// extra, explanation}]}; the caller adds its export context.
nlohmann::json results_json(const std::vector<QuizOutcome>& outcomes, const QuizRun& run);

}  // namespace apsp::teach
