#pragma once
// A lesson file open in the studio (apsp/teach/lesson_file.h): its stops, the one shown, and what is asked there.
// The router opens it (CmdOpenLesson: reads the file, sets the view, loads the graph) and asks for a stop
// (CmdGoToLessonStop); advance_lesson(), once per frame, takes the stop asked for as soon as the lesson's graph is
// loaded and the worker idle: it resolves the stop against the graph's shape and walks the solver there from
// the start (reset, then rounds, phases and k-steps: the same walk at every replay, so the same state and the
// same picture). No GL.
#include <apsp/solve/solver.h>
#include <apsp/teach/lesson_file.h>
#include <apsp/teach/quiz.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "session/log.h"
#include "session/session_types.h"

namespace apsp::studio {

class SolverSession;

struct LessonState {
  std::shared_ptr<const teach::LessonFile> file;  ///< null: no lesson open
  int stop = -1;          ///< the stop shown (0-based); -1 before the first is reached
  int pending_stop = -1;  ///< the stop asked for, taken by advance_lesson(); -1: none
  bool graph_pending = false;  ///< the lesson's graph is being loaded
  /// Every stop resolved against the loaded graph, and its questions read by the quiz's own parser (a question
  /// without "at" is asked at its stop): checked all at once when the graph has loaded, so a mistake in the last
  /// stop shows when the lesson opens, not in the middle of the class.
  std::vector<Cursor> cursors;
  std::vector<std::vector<teach::QuizQuestion>> stop_questions;
  /// The questions of the stop shown, in the file's order: the seam to the quiz (predict mode asks them).
  std::vector<teach::QuizQuestion> questions;
  /// A batch run replaying the lesson (--lesson with --headless / --quit): what depends on the clock (the log's
  /// times and the solve durations it reports, the frame rate) is not drawn, so every replay gives the same
  /// picture, byte for byte.
  bool replay = false;
  /// Why the lesson stopped short (its graph did not load, a stop outside the graph): a batch run's exit status.
  std::optional<JobFailure> failure;

  bool open() const { return file != nullptr; }
  /// @brief The stop shown, or null.
  const teach::LessonStop* current() const;
  int stop_count() const { return file ? static_cast<int>(file->stops.size()) : 0; }
  /// @brief Still on its way to a stop (a graph loading, a stop asked for): batch runs wait for it.
  bool settling() const { return graph_pending || pending_stop >= 0; }
};

/// @brief The solver configuration a lesson runs: @p base with the lesson's backend, block and dtype.
SolverConfig lesson_solver_config(const teach::LessonFile& lesson, SolverConfig base);

/// @brief Once per frame: when the lesson's graph finished loading, checks it loaded (a failure otherwise); when a
/// stop is pending and the worker is idle, resolves it against @p snapshot's graph and queues the walk there and
/// its selection. A stop outside the graph: its one line in the log and in LessonState::failure.
void advance_lesson(LessonState& lesson, const SessionSnapshot& snapshot, SolverSession& session, Log& log);

/// @brief A lesson file the Lessons menu offers: its path and title.
struct LessonFileEntry {
  std::string path;
  std::string title;
};
/// @brief The example lessons, lessons/*.lesson.json in the data directory (session/data_dir.h), by file name;
/// a file that does not parse is left out (opening it by path says why).
std::vector<LessonFileEntry> example_lessons();

/// @brief The caption strip's heading: "stop 1 of 0..4 | TITLE" (just the title before a stop is reached).
std::string lesson_heading(const LessonState& lesson);

}  // namespace apsp::studio
