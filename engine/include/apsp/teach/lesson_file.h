#pragma once
/// @file lesson_file.h
/// @brief A lesson prepared once and replayed the same way every year: the graph, the solver and the view it
/// opens with, and the stops (a step of the run, a selected cell, what the teacher says there, the questions to
/// ask there). The file is JSON (`NAME.lesson.json`): the one structured format the engine already reads
/// (nlohmann, for the run history and the bench records), so there is no second parser; docs/teaching.md
/// "Lesson files" shows an example.
///
/// Reading is in two parts. read_lesson_file() / parse_lesson() check everything the file alone decides (keys,
/// types, names) and throw one InputError naming the file and the place ("stops[2].at.phase: ..."). Where a
/// stop stands depends on the graph's size and block, known once it is loaded: lesson_stop_cursor() resolves
/// a stop against them and throws the same kind of line ("stops[2].at.round: 7 beyond the 2 rounds of this
/// graph").
#include <apsp/io/graph_source.h>
#include <apsp/solve/solver.h>
#include <apsp/teach/k_clock.h>
#include <apsp/teach/step_at.h>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace apsp::teach {

/// @brief Where a stop stands, as the file says it: the same "at" object as a quiz question's (apsp/teach/quiz.h:
/// "round", "phase", "k", the next work being that k of that phase of that round; k is the global vertex
/// number, as the studio says it, "next: k = 3"; round alone: its start; k alone: its round), or "start" / "end".
/// A stop's "at": "start", "end", or a step as a quiz question's "at" names it (step_at.h).
struct LessonAt : StepAt {
  enum class Kind { Cursor, Start, End };
  Kind kind = Kind::Cursor;
};

struct LessonStop {
  LessonAt at;
  std::optional<std::pair<int, int>> select;  ///< the inspector's cell (i, j), 0-based
  std::string say;                            ///< what the teacher says here: the stop's caption
  /// The questions to ask here, in the quiz's question format (a question without "at" gets the stop's own);
  /// kept as JSON, each with its place in the file for a one-line error when the quiz reads it.
  std::vector<nlohmann::json> questions;
};

struct LessonFile {
  std::string path;   ///< as opened: every message names it
  std::string title;
  GraphSource graph;  ///< {"gen": SPEC} or {"file": PATH}, PATH relative to the lesson file's directory
  std::optional<int> block;               ///< absent: the graph's own (classroom presets, `# block: N`)
  std::string backend;                    ///< empty: the studio's current one
  std::optional<std::string> dtype;       ///< "i32" or "i16"
  std::string colormap;                   ///< empty: the studio's current one
  std::optional<Granularity> granularity; ///< the slides' step: KStep, Phase or Round
  std::optional<bool> presentation;       ///< the projector layout on or off
  std::vector<LessonStop> stops;          ///< at least one

  /// @brief "FILE: stops[I]" style place names: "stops[2].at.round".
  static std::string stop_place(std::size_t index, std::string_view rest = {});
};

/// @brief The largest lesson file read (a lesson is a page of text; a larger file is not one).
inline constexpr std::uint64_t kMaxLessonFileBytes = 1u << 20;

/// @brief Parses @p text as the lesson file @p path (named in every error; a relative graph file is resolved
/// against its directory). Throws InputError "PATH: PLACE: what is wrong".
LessonFile parse_lesson(std::string_view text, const std::string& path);
/// @brief Reads and parses @p path (at most kMaxLessonFileBytes). Throws InputError.
LessonFile read_lesson_file(const std::string& path);

/// @brief The cursor stop @p index of @p lesson stands at on a run of @p clock's shape (n, block, blocked);
/// throws InputError naming the file and the place when the stop is outside that run, or when its selected
/// cell is outside the graph.
Cursor lesson_stop_cursor(const LessonFile& lesson, std::size_t index, const KClock& clock);
/// @brief Every stop resolved (the first bad one throws): checks a whole lesson against a loaded graph.
std::vector<Cursor> lesson_cursors(const LessonFile& lesson, const KClock& clock);

/// @brief @p cursor as a stop's or a quiz question's "at" ({"round", "phase", "k"}, k global: round * @p block +
/// Cursor::k), "end" when finished. What a question at a stop reads when it gives no "at" of its own.
nlohmann::json cursor_to_json(const Cursor& cursor, int block);

}  // namespace apsp::teach
