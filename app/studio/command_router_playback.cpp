// The solve and its playback: what the playback, timeline, inspector and solver panels ask of the session.
#include <optional>

#include "command_router.h"
#include "session/step_position.h"

namespace apsp::studio {

void CommandRouter::on(const CmdLoadGraph& c) {
  // A new graph replaces the solve in progress: stop it rather than queue behind it.
  stop_playing_and_cancel();
  m_t.state.lesson = LessonState{};  // another graph: the open lesson's stops no longer apply
  if (!c.backend.empty()) m_t.state.edits.solver.backend = c.backend;  // the panel shows what the lesson runs
  m_t.session.load_async(c.source, m_t.state.edits.solver, c.block_from_graph);
}

void CommandRouter::on(const CmdSaveGraph& c) {
  refuse_saving_over_input("Save", c.path, m_t.state.session, m_t.state.graph_edit);
  m_t.session.save_graph_async(c.path);
}

void CommandRouter::on(const CmdConfigureSolver& c) {
  stop_playing_and_cancel();
  m_t.session.configure_async(c.config);
}

// Plain Floyd–Warshall has one whole pass per round of B values of k; the class steps it by k (step_unit()).
void CommandRouter::on(const CmdStep& c) {
  m_t.state.playback.playing = false;
  if (predict_instead_of_step(c.granularity)) return;  // predict mode asks first (command_router_quiz.cpp)
  m_t.session.step_async(step_unit(c.granularity, !plain_run(m_t.state.session)));
}

void CommandRouter::on(const CmdSetPlaying& c) {
  m_t.state.playback.playing = c.playing;
  m_t.state.playback.accumulator = 1.0;
}

void CommandRouter::on(const CmdTogglePlaying&) {
  PlaybackState& playback = m_t.state.playback;
  const bool was_playing = playback.playing;
  if (!was_playing && m_t.state.predict.on) {
    m_t.log.warning("predict mode: play would show the steps unasked; Right asks and reveals one at a time "
                    "(Q ends it)");
    return;
  }
  playback.playing = !was_playing && !m_t.state.session.cursor.finished;
  playback.accumulator = 1.0;  // the first round goes at once
  // Pause means now: rounds already requested stop after the one in progress.
  if (was_playing) m_t.session.cancel();
}

void CommandRouter::on(const CmdSetSpeed& c) { m_t.state.playback.rounds_per_second = c.rounds_per_second; }

void CommandRouter::on(const CmdRunToEnd&) {
  m_t.state.playback.playing = false;
  m_t.session.run_to_end_async();
}

void CommandRouter::on(const CmdReset&) {
  m_t.state.playback.playing = false;
  m_t.session.reset_async();
}

void CommandRouter::on(const CmdMeasure& c) {
  stop_playing_and_cancel();
  MeasureOptions options;
  options.repeat = c.repeat;
  m_t.session.measure_async(options);
}

void CommandRouter::on(const CmdSelectCell& c) {
  m_t.state.classroom.selected = c.cell;
  m_t.session.select_async(c.cell.i, c.cell.j);
}

void CommandRouter::on(const CmdStepBack& c) {
  stop_playing_and_cancel();
  m_t.session.back_async(travel_unit(c.unit, !plain_run(m_t.state.session)), c.count);
}

void CommandRouter::on(const CmdSeekStep& c) {
  stop_playing_and_cancel();
  m_t.session.seek_async(c.index);
}

}  // namespace apsp::studio
