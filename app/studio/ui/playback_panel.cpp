#include <apsp/core/option_limits.h>

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

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Step");
  ImGui::SameLine();
  ImGui::BeginDisabled(!can_step);
  if (ImGui::Button("k", button)) commands.push(CmdStep{Granularity::KStep});
  item_tooltip("one value of k: every cell the next phase touches is relaxed through one intermediate vertex");
  ImGui::SameLine();
  if (ImGui::Button("phase", button)) commands.push(CmdStep{Granularity::Phase});
  item_tooltip("finish the current phase (Right arrow)");
  ImGui::SameLine();
  if (ImGui::Button("round", button)) commands.push(CmdStep{Granularity::Round});
  item_tooltip("finish the current round (Shift + Right arrow)");
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
  // Play steps a round per tick; a sparse solve's "round" finishes one source.
  if (ImGui::SliderFloat(s.sparse ? "sources / s###speed" : "rounds / s###speed", &speed, limits::kMinRoundsPerSecond, limits::kMaxRoundsPerSecond, "%.2f", ImGuiSliderFlags_Logarithmic)) {
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
    float progress = solve_progress(s.cursor, s.rounds);
    std::snprintf(overlay, sizeof overlay, "%d / %d rounds", s.cursor.finished ? s.rounds : s.cursor.round, s.rounds);
    ImGui::ProgressBar(progress, ImVec2(-1, 0), overlay);
    ImGui::TextWrapped("%s", s.has_solver ? describe_cursor(s.cursor, s.rounds, s.config.block, s.stopped).c_str() : "no solver");
  }
  if (s.busy && !s.activity.empty()) ImGui::TextDisabled("working: %s", s.activity.c_str());
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("keys: Space play, Right / Shift+Right / Ctrl+Right a phase / round / k, Left / Shift+Left / Ctrl+Left back, R reset, F fit, P presentation, F12 screenshot");
  ImGui::PopTextWrapPos();
  ImGui::PopID();
}

}  // namespace apsp::studio
