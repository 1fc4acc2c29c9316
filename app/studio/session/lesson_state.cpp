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

/// The walk from the start to @p to, the same at every replay: whole rounds, then phases, then k-steps (plain
/// Floyd-Warshall: k-steps, as it is said), the last step taken alone. "Improved by the last step" compares with
/// the view published before that step; a job of many steps may publish on the way (paced by the clock), a job
/// of one never does, so the marks are that step's whatever the machine's speed.
void queue_walk(SolverSession& session, const Cursor& to, const teach::KClock& clock) {
  session.reset_async();
  int rounds = 0, phases = 0, ks = 0;
  if (!clock.blocked()) {
    ks = static_cast<int>(clock.position(to));
  } else if (to.finished) {
    rounds = clock.rounds();
  } else {
    rounds = to.round;
    phases = teach::phase_index(to.phase);
    ks = to.k;
  }
  Granularity last = Granularity::KStep;
  if (ks > 0) {
    --ks;
  } else if (phases > 0) {
    --phases;
    last = Granularity::Phase;
  } else if (rounds > 0) {
    --rounds;
    last = Granularity::Round;
  } else {
    return;  // the start
  }
  if (rounds > 0) session.step_async(Granularity::Round, rounds);
  if (phases > 0) session.step_async(Granularity::Phase, phases);
  if (ks > 0) session.step_async(Granularity::KStep, ks);
  session.step_async(last, 1);
}

}  // namespace

namespace {

/// Every stop's cursor and questions on the loaded graph; throws InputError naming the first bad place.
void resolve_stops(LessonState& lesson, const SessionSnapshot& snapshot) {
  const teach::LessonFile& file = *lesson.file;
  const teach::KClock clock(snapshot.n, snapshot.config.block, !plain_run(snapshot));
  const teach::QuizRun run{snapshot.n, snapshot.config.block, clock.blocked()};
  lesson.cursors = teach::lesson_cursors(file, clock);
  lesson.stop_questions.assign(file.stops.size(), {});
  for (std::size_t i = 0; i < file.stops.size(); ++i) {
    const std::vector<nlohmann::json>& asked = file.stops[i].questions;
    for (std::size_t j = 0; j < asked.size(); ++j) {
      nlohmann::json question = asked[j];
      if (!question.contains("at")) question["at"] = teach::cursor_to_json(lesson.cursors[i], snapshot.config.block);
      const std::string where =
          file.path + ": " + teach::LessonFile::stop_place(i) + ".questions[" + std::to_string(j) + "]";
      lesson.stop_questions[i].push_back(teach::question_from_json(question, where, run));
    }
  }
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
    try {
      resolve_stops(lesson, snapshot);
    } catch (const std::exception& e) {
      fail(lesson, log, e.what(), exit_code(e));
      return;
    }
  }
  if (lesson.pending_stop < 0 || lesson.failure) return;
  const auto index = static_cast<std::size_t>(lesson.pending_stop);
  lesson.pending_stop = -1;
  queue_walk(session, lesson.cursors[index], teach::KClock(snapshot.n, snapshot.config.block, !plain_run(snapshot)));
  const teach::LessonStop& stop = lesson.file->stops[index];
  if (stop.select) session.select_async(stop.select->first, stop.select->second);
  else session.select_async(-1, -1);  // a stop without a cell shows none, whatever was selected before
  lesson.stop = static_cast<int>(index);
  lesson.questions = lesson.stop_questions[index];
  log.info("lesson stop " + std::to_string(index) + " of 0.." + std::to_string(lesson.stop_count() - 1) +
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
