// The OpenGL side of a studio frame: Dear ImGui's GL3 renderer, the heatmap's renderer, texture, min pyramid
// and feed, the heatmap window (which draws into its own render target) and the frame drawn into the
// platform's framebuffer.
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include "export_commands.h"
#include "platform/platform.h"
#include "render/colormap.h"
#include "render/frame_graphics.h"
#include "render/heatmap_feed.h"
#include "render/heatmap_renderer.h"
#include "render/heatmap_texture.h"
#include "render/min_pyramid.h"
#include "ui/heatmap_view_panel.h"

namespace apsp::studio {
namespace {

class GlFrameGraphics final : public FrameGraphics {
 public:
  ~GlFrameGraphics() override { close(); }

  void init_imgui_renderer() override {
    ImGui_ImplOpenGL3_Init("#version 330 core");
    m_imgui_renderer = true;
  }

  void open_heatmap(Log& log, SolverSession& session) override {
    m_renderer = std::make_unique<HeatmapRenderer>();
    m_texture = std::make_unique<HeatmapTexture>();
    m_pyramid = std::make_unique<MinPyramid>();
    m_panel = std::make_unique<HeatmapViewPanel>();
    m_feed = std::make_unique<HeatmapFeed>(log, session);
  }

  void close() override {
    m_panel.reset();
    m_feed.reset();  // unregisters the texture from CUDA while both still exist
    m_pyramid.reset();
    m_texture.reset();
    m_renderer.reset();
    if (m_imgui_renderer) ImGui_ImplOpenGL3_Shutdown();
    m_imgui_renderer = false;
  }

  // The backend's next NewFrame makes its objects anew, the font texture from the rebuilt atlas among them.
  void fonts_changed() override { ImGui_ImplOpenGL3_DestroyDeviceObjects(); }
  void new_frame() override { ImGui_ImplOpenGL3_NewFrame(); }

  void set_colormap(const Colormap& colormap) override { m_renderer->set_colormap(colormap); }

  HeatmapShown update_heatmap(const SessionSnapshot& snapshot, bool wait) override {
    const int old_n = m_texture->empty() ? -1 : m_texture->geometry().n;
    m_feed->update(snapshot, *m_texture, *m_pyramid, wait);
    HeatmapShown shown;
    shown.view = m_feed->shown();
    shown.size_changed = !m_texture->empty() && m_texture->geometry().n != old_n;
    shown.results_pending = m_feed->device_results_pending();
    shown.path = m_feed->path();
    shown.path_reason = m_feed->reason();
    return shown;
  }

  void draw_heatmap_panel(const AppState& state, HeatmapNavigation& nav, CommandQueue& commands,
                          const Fonts& fonts) override {
    m_panel->draw(state, nav, commands, *m_renderer, *m_texture, *m_feed, fonts);
  }

  void render(const Platform& platform, const std::function<void()>& read_back) override {
    Size fb = platform.framebuffer_size();
    // The heatmap window left its own render target bound.
    glBindFramebuffer(GL_FRAMEBUFFER, platform.framebuffer());
    glViewport(0, 0, fb.width, fb.height);
    glClearColor(0.05f, 0.05f, 0.06f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    read_back();
  }

  void export_heatmap(const std::string& path, const HeatmapOverlay& overlay, int scale, bool labels,
                      const Platform& platform, Log& log) override {
    export_heatmap_png(path, *m_renderer, *m_texture, overlay, scale, labels ? m_feed->shown().get() : nullptr,
                       platform, log);
  }

  const HeatmapFeed* feed() const override { return m_feed.get(); }

 private:
  bool m_imgui_renderer = false;
  std::unique_ptr<HeatmapRenderer> m_renderer;
  std::unique_ptr<HeatmapTexture> m_texture;
  std::unique_ptr<MinPyramid> m_pyramid;
  std::unique_ptr<HeatmapViewPanel> m_panel;
  std::unique_ptr<HeatmapFeed> m_feed;
};

}  // namespace

std::unique_ptr<FrameGraphics> create_gl_frame_graphics() { return std::make_unique<GlFrameGraphics>(); }

}  // namespace apsp::studio
