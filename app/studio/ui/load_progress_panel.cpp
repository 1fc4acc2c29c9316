// A load's steps while it runs, where the playback panel says what the worker is doing: the running step with
// its time, a bar of the steps done, and the steps done with theirs (session/load_progress.h).
#include <apsp/core/format.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "ui/panels.h"

namespace apsp::studio {

void draw_load_progress(const LoadStatus& load) {
  const LoadStep* step = load.current();
  if (!step) return;
  const auto now = std::chrono::steady_clock::now();
  const auto ms = [now](std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double, std::milli>(now - since).count();
  };
  const int done = static_cast<int>(load.steps.size()) - 1;
  const int planned = std::max(load.planned, done + 1);
  char overlay[160];
  std::snprintf(overlay, sizeof overlay, "%s %s (step %d of %d)", step->name.c_str(),
                format_duration_ms(ms(load.step_started)).c_str(), done + 1, planned);
  ImGui::ProgressBar(static_cast<float>(done) / static_cast<float>(planned), ImVec2(-1, 0), overlay);
  const std::string steps = describe_steps(load);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("loading %s: %s%s%s so far", load.what.c_str(), steps.c_str(), steps.empty() ? "" : "; ",
                      format_duration_ms(ms(load.started)).c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace apsp::studio
