// Lesson files: AppState::lesson, and the graph, solver and view a lesson opens with (session/lesson_state.h).
#include <apsp/core/errors.h>
#include <apsp/teach/lesson_file.h>

#include <memory>

#include "command_router.h"

namespace apsp::studio {

namespace {
int slide_granularity_index(Granularity g) { return g == Granularity::KStep ? 0 : g == Granularity::Round ? 2 : 1; }
}  // namespace

void CommandRouter::on(const CmdOpenLesson& c) {
  LessonState& lesson = m_t.state.lesson;
  try {
    auto file = std::make_shared<const teach::LessonFile>(teach::read_lesson_file(c.path));
    if (c.stop < 0 || c.stop >= static_cast<int>(file->stops.size()))
      throw UsageError(c.path + ": no stop " + std::to_string(c.stop) + " (its stops are 0.." +
                       std::to_string(file->stops.size() - 1) + ")");
    // Everything that can refuse the lesson comes before anything changes: a bad colormap leaves the studio as it was.
    if (!file->colormap.empty()) {
      try {
        m_t.frame.set_colormap(file->colormap);
      } catch (const std::exception& e) {
        throw InputError(c.path, "colormap", e.what());
      }
      m_t.state.view.colormap = file->colormap;
    }
    stop_playing_and_cancel();
    lesson = LessonState{};
    lesson.file = file;
    lesson.replay = c.replay;
    if (file->presentation && *file->presentation != m_t.state.classroom.presentation) on(CmdTogglePresentation{});
    if (file->granularity) m_t.state.edits.exports.slide_granularity = slide_granularity_index(*file->granularity);
    SolverConfig config = lesson_solver_config(*file, m_t.state.edits.solver);
    m_t.state.edits.solver = config;  // the solver panel shows what the lesson runs
    // Without a block in the file, a graph that suggests one (the classroom presets) opens with its own.
    m_t.session.load_async(file->graph, config, !file->block);
    lesson.graph_pending = true;
    lesson.pending_stop = c.stop;
    m_t.log.info("lesson " + c.path + ": " + file->title + " (" + std::to_string(file->stops.size()) + " stops)");
  } catch (const std::exception& e) {
    lesson.failure = JobFailure::of(e);  // a batch run's exit status; the frame logs the line
    throw;
  }
}

void CommandRouter::on(const CmdGoToLessonStop& c) {
  LessonState& lesson = m_t.state.lesson;
  if (!lesson.open() || c.stop < 0 || c.stop >= lesson.stop_count()) return;
  stop_playing_and_cancel();
  lesson.pending_stop = c.stop;
}

}  // namespace apsp::studio
