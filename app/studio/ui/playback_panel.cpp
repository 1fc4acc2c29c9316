#include <apsp/core/option_limits.h>

#include <algorithm>

#include "session/step_position.h"
#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {

void draw_playback_panel(const AppState& state, CommandQueue& commands) {
  if (!ImGui::CollapsingHeader("Playback", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("playback");
  const SessionSnapshot& s = state.session;
  bool can_step = s.has_solver && !s.cursor.finished;
  float label_w = ImGui::CalcTextSize("Step").x + ImGui::GetStyle().ItemSpacing.x;
  float width = (ImGui::GetContentRegionAvail().x - label_w - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
  ImVec2 button(width, 0);

  // Plain Floyd–Warshall steps by one k (step_unit()): one button; its "phase" and "round" are internal chunks.
  const bool blocked = !plain_run(s);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Step");
  ImGui::SameLine();
  ImGui::BeginDisabled(!can_step);
  if (!blocked) {
    if (ImGui::Button("next k", ImVec2(-1, 0))) commands.push(CmdStep{Granularity::KStep});
    item_tooltip("one value of k: every cell is relaxed through the next intermediate vertex (Right arrow)");
  } else {
    if (ImGui::Button("k", button)) commands.push(CmdStep{Granularity::KStep});
    item_tooltip("one value of k: every cell the next phase touches is relaxed through one intermediate vertex");
    ImGui::SameLine();
    if (ImGui::Button("phase", button)) commands.push(CmdStep{Granularity::Phase});
    item_tooltip("finish the current phase (Right arrow)");
    ImGui::SameLine();
    if (ImGui::Button("round", button)) commands.push(CmdStep{Granularity::Round});
    item_tooltip("finish the current round (Shift + Right arrow)");
  }
  ImGui::EndDisabled();

  float wide = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
  button = ImVec2(wide, 0);
  ImGui::BeginDisabled(!can_step && !state.playback.playing);
  if (ImGui::Button(state.playback.playing ? "Pause" : "Play", button)) commands.push(CmdTogglePlaying{});
  item_tooltip("Space");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!can_step);
  if (ImGui::Button("To end", button)) commands.push(CmdRunToEnd{});
  item_tooltip("run every remaining round (in the background; Reset stops it)");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!s.has_solver);
  if (ImGui::Button("Reset", button)) commands.push(CmdReset{});
  item_tooltip("back to round 1 (R)");
  ImGui::EndDisabled();

  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 7);
  float speed = state.playback.rounds_per_second;
  // Play steps a round per tick (one k for plain Floyd–Warshall); a sparse solve's "round" finishes one source.
  const char* speed_label = s.sparse ? "sources / s###speed" : blocked ? "rounds / s###speed" : "k / s###speed";
  if (ImGui::SliderFloat(speed_label, &speed, limits::kMinRoundsPerSecond, limits::kMaxRoundsPerSecond, "%.2f", ImGuiSliderFlags_Logarithmic)) {
    commands.push(CmdSetSpeed{speed});
  }

  char overlay[96];
  if (s.sparse) {
    // Sparse solves: rows instead of rounds; k and phase settle one vertex, round finishes a source.
    const SparseSnapshot& sp = *s.sparse;
    std::snprintf(overlay, sizeof overlay, "%lld / %lld rows", static_cast<long long>(sp.rows_done),
                  static_cast<long long>(sp.sources));
    const float progress = sp.sources > 0 ? static_cast<float>(sp.rows_done) / static_cast<float>(sp.sources) : 0.0f;
    ImGui::ProgressBar(progress, ImVec2(-1, 0), overlay);
    ImGui::TextWrapped("sparse: k / phase settle one vertex of the current source, round finishes the source, To end "
                       "runs %s on the rows left%s%s",
                       sp.backend.c_str(), s.stopped.empty() ? "" : " | stopped: ", s.stopped.c_str());
  } else {
    const float k_done = s.cursor.finished ? 1.0f
                                           : static_cast<float>(s.cursor.round * std::max(1, s.config.block) + s.cursor.k) /
                                                 static_cast<float>(std::max(1, s.n));
    const float progress = blocked ? solve_progress(s.cursor, s.rounds) : std::min(k_done, 1.0f);
    std::snprintf(overlay, sizeof overlay, "%s",
                  describe_progress(s.cursor, s.rounds, s.config.block, s.n, blocked).c_str());
    ImGui::ProgressBar(progress, ImVec2(-1, 0), overlay);
    ImGui::TextWrapped("%s", s.has_solver ? describe_position(step_position(s), s.stopped).c_str() : "no solver");
  }
  if (s.load && s.load->current())
    draw_load_progress(*s.load);
  else if (s.busy && !s.activity.empty())
    ImGui::TextDisabled("working: %s", s.activity.c_str());
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled(blocked ? "keys: Space play, Right / Shift+Right / Ctrl+Right a phase / round / k, Left / Shift+Left / Ctrl+Left back, R reset, F fit, P presentation, Q predict, V D / Π, E edit the graph, F12 screenshot"
                               : "keys: Space play, Right one k, Left back one k, R reset, F fit, P presentation, Q predict, V D / Π, E edit the graph, F12 screenshot");
  ImGui::PopTextWrapPos();
  ImGui::PopID();
}

}  // namespace apsp::studio
