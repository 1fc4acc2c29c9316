// Files written from the frame (screenshot, heatmap, timings, distances, trace, slides) and the run history's
// baseline, which the settings remember.
#include <utility>

#include "command_router.h"
#include "export_handout.h"

namespace apsp::studio {

void CommandRouter::on(const CmdScreenshot& c) { m_t.frame.request_screenshot(c.path); }

void CommandRouter::on(const CmdExportHeatmap& c) { m_t.frame.export_heatmap(c.path); }

void CommandRouter::on(const CmdExportTimings& c) { m_t.frame.export_timings(c.path); }

void CommandRouter::on(const CmdExportDistances& c) {
  m_t.frame.export_distances(c.path);
  m_t.state.last_written = c.path;
}

void CommandRouter::on(const CmdExportHandout& c) {
  export_handout(c.path, m_t.state.session, c.granularity, m_t.log);
  m_t.state.last_written = c.path;
}

void CommandRouter::on(const CmdExportTrace& c) {
  m_t.frame.export_trace(c.path);
  m_t.state.last_written = c.path;
}

void CommandRouter::on(const CmdExportFrames& c) {
  m_t.frame.start_frame_export(FrameExportRequest{c.directory, c.gif_path, c.granularity}, false);
}

void CommandRouter::on(const CmdSetBaseline& c) {
  m_t.state.history.baseline_id = c.run_id;
  m_t.settings.baseline_run = c.run_id;
  m_t.log.info(c.run_id.empty() ? "baseline cleared" : "baseline: run " + c.run_id);
}

}  // namespace apsp::studio
