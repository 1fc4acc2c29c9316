#include "session/lesson_state.h"

#include <apsp/core/errors.h>
#include <apsp/teach/k_clock.h>

#include <algorithm>
#include <filesystem>

#include "session/data_dir.h"
#include "session/solver_session.h"
#include "session/step_position.h"

namespace apsp::studio {

const teach::LessonStop* LessonState::current() const {
  if (!file || stop < 0 || stop >= stop_count()) return nullptr;
  return &file->stops[static_cast<std::size_t>(stop)];
}

SolverConfig lesson_solver_config(const teach::LessonFile& lesson, SolverConfig base) {
  if (!lesson.backend.empty()) base.backend = lesson.backend;
  if (lesson.block) base.block = *lesson.block;
  if (lesson.dtype) base.dtype = *lesson.dtype == "i16" ? DType::I16 : DType::I32;
  return base;
}

namespace {

void fail(LessonState& lesson, Log& log, const std::string& message, int exit_code) {
  log.error(message);
  lesson.failure = JobFailure{message, exit_code};
  lesson.pending_stop = -1;
}

/// The walk from the start to @p to: whole rounds, then phases, then k-steps (the cursor's own parts), so every
/// replay takes the same steps and the time travel's record says the same.
void queue_walk(SolverSession& session, const Cursor& to) {
  session.reset_async();
  if (to.finished) {
    session.run_to_end_async();
    return;
  }
  if (to.round > 0) session.step_async(Granularity::Round, to.round);
  if (const int phases = teach::phase_index(to.phase); phases > 0) session.step_async(Granularity::Phase, phases);
  if (to.k > 0) session.step_async(Granularity::KStep, to.k);
}

}  // namespace

void advance_lesson(LessonState& lesson, const SessionSnapshot& snapshot, SolverSession& session, Log& log) {
  if (!lesson.file || snapshot.busy) return;
  if (lesson.graph_pending) {
    lesson.graph_pending = false;
    const bool loaded = snapshot.has_graph && snapshot.has_solver && !snapshot.sparse &&
                        snapshot.graph.source.text == lesson.file->graph.text;
    if (!loaded) {
      // The load's own error is already in the log; this line says what it means for the lesson.
      fail(lesson, log, lesson.file->path + ": graph: " + lesson.file->graph.label() + " did not load; lesson not opened",
           exit_status::kUsage);
      return;
    }
  }
  if (lesson.pending_stop < 0) return;
  const int index = lesson.pending_stop;
  lesson.pending_stop = -1;
  const teach::KClock clock(snapshot.n, snapshot.config.block, !plain_run(snapshot));
  Cursor to;
  try {
    to = teach::lesson_stop_cursor(*lesson.file, static_cast<std::size_t>(index), clock);
  } catch (const std::exception& e) {
    fail(lesson, log, e.what(), exit_code(e));
    return;
  }
  queue_walk(session, to);
  const teach::LessonStop& stop = lesson.file->stops[static_cast<std::size_t>(index)];
  if (stop.select) session.select_async(stop.select->first, stop.select->second);
  else session.select_async(-1, -1);  // a stop without a cell shows none, whatever was selected before

  lesson.stop = index;
  lesson.questions.clear();
  lesson.question_places.clear();
  for (std::size_t j = 0; j < stop.questions.size(); ++j) {
    nlohmann::json question = stop.questions[j];
    if (!question.contains("at")) question["at"] = teach::cursor_to_json(to);  // asked where the class stands
    lesson.questions.push_back(std::move(question));
    lesson.question_places.push_back(lesson.file->path + ": " +
                                     teach::LessonFile::stop_place(static_cast<std::size_t>(index)) + ".questions[" +
                                     std::to_string(j) + "]");
  }
  log.info("lesson stop " + std::to_string(index) + " of " + std::to_string(lesson.stop_count()) + " (0-based)" +
           (stop.say.empty() ? std::string() : ": " + stop.say));
}

std::vector<LessonFileEntry> example_lessons() {
  std::vector<LessonFileEntry> out;
  const DataDirLookup& data = data_dir();
  if (!data.found) return out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(data.found->path / "lessons", ec)) {
    const std::string name = entry.path().filename().string();
    if (!name.ends_with(".lesson.json")) continue;
    try {
      out.push_back({entry.path().string(), teach::read_lesson_file(entry.path().string()).title});
    } catch (const std::exception&) {
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  return out;
}

std::string lesson_heading(const LessonState& lesson) {
  if (!lesson.file) return {};
  // The stop first: a narrow strip cuts the title, never the number.
  std::string out;
  if (lesson.stop >= 0) out = "stop " + std::to_string(lesson.stop) + " of 0.." + std::to_string(lesson.stop_count() - 1) + " | ";
  return out + lesson.file->title;
}

}  // namespace apsp::studio
