#pragma once
// FrameGraphics without OpenGL: Dear ImGui runs with no renderer backend (its font atlas built on the CPU, its
// draw data made and dropped), the heatmap shows each newest view at once (the host path, without a texture),
// and what App asks of it is counted.
#include <imgui.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "render/frame_graphics.h"
#include "session/solver_session.h"

namespace apsp::studio::testing {

class MockFrameGraphics : public FrameGraphics {
 public:
  /// @p record: where closing and destruction are written, shared with whoever outlives this object.
  explicit MockFrameGraphics(std::shared_ptr<std::vector<std::string>> record = nullptr)
      : m_record(std::move(record)) {}
  ~MockFrameGraphics() override { note("graphics destroyed"); }

  void init_imgui_renderer() override { ++imgui_renderer_inits; }
  void open_heatmap(Log&, SolverSession&) override { heatmap_open = true; }
  void close() override {
    heatmap_open = false;
    ++closes;
    note("graphics closed");
  }
  void new_frame() override {
    // A renderer backend would upload the atlas as a texture; ImGui::NewFrame only needs it built.
    unsigned char* pixels = nullptr;
    int width = 0;
    int height = 0;
    ImGui::GetIO().Fonts->GetTexDataAsAlpha8(&pixels, &width, &height);
  }
  void set_colormap(const Colormap&) override { ++colormaps_set; }
  HeatmapShown update_heatmap(const SessionSnapshot& snapshot, bool) override {
    HeatmapShown shown;
    shown.view = snapshot.view;
    const int n = shown.view ? shown.view->geometry.n : m_shown_n;
    shown.size_changed = n != m_shown_n;
    m_shown_n = n;
    shown.path = "mock";
    shown.path_reason = "no GL in unit tests";
    return shown;
  }
  void draw_heatmap_panel(const AppState&, HeatmapNavigation&, CommandQueue&, const Fonts&) override {
    ++heatmap_panels_drawn;
  }
  // Nothing was drawn, so there is nothing to read back: read_back is not called.
  void render(const Platform&, const std::function<void()>&) override {
    ++renders;
    last_draw_lists = ImGui::GetDrawData() ? ImGui::GetDrawData()->CmdListsCount : 0;
  }
  void export_heatmap(const std::string& path, const HeatmapOverlay&, int, bool, const Platform&, Log&) override {
    heatmap_exports.push_back(path);
  }
  const HeatmapFeed* feed() const override { return nullptr; }

  int imgui_renderer_inits = 0;
  int closes = 0;
  bool heatmap_open = false;
  int colormaps_set = 0;
  int heatmap_panels_drawn = 0;
  int renders = 0;
  int last_draw_lists = 0;  ///< ImGui's draw lists in the last rendered frame
  std::vector<std::string> heatmap_exports;

 private:
  void note(const char* what) {
    if (m_record) m_record->push_back(what);
  }

  std::shared_ptr<std::vector<std::string>> m_record;
  int m_shown_n = -1;
};

}  // namespace apsp::studio::testing
