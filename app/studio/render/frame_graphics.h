#pragma once
// The GL side of a studio frame behind one interface, so that App runs without a GL context: Dear ImGui's
// renderer backend, the heatmap's renderer, texture, min pyramid and feed, the heatmap window's contents and
// drawing the finished frame. The platform picks the implementation (Platform::create_frame_graphics): the
// real one draws with OpenGL (render/gl_frame_graphics.h); a test's mock platform returns one that draws nothing.
#include <functional>
#include <memory>
#include <string>

namespace apsp::studio {

class CommandQueue;
class HeatmapFeed;
class Log;
class Platform;
class SolverSession;
struct AppState;
struct Colormap;
struct Fonts;
struct HeatmapNavigation;
struct HeatmapOverlay;
struct SessionSnapshot;
struct ViewFrame;

/// @brief What the heatmap shows after one update.
struct HeatmapShown {
  std::shared_ptr<const ViewFrame> view;  ///< the view on screen (device path: may lag the newest by a frame)
  bool size_changed = false;              ///< the heatmap now shows a matrix of another size: fit it anew
  bool results_pending = false;           ///< device path: an update's results are not back yet
  std::string path;                       ///< how views reach the heatmap, and why
  std::string path_reason;
};

class FrameGraphics {
 public:
  virtual ~FrameGraphics() = default;

  /// @brief Dear ImGui's renderer backend: after ImGui::CreateContext and Platform::init_imgui.
  virtual void init_imgui_renderer() = 0;
  /// @brief The heatmap's objects, once the fonts are in: views of @p session reach the heatmap from now on.
  virtual void open_heatmap(Log& log, SolverSession& session) = 0;
  /// @brief The heatmap's objects, then the renderer backend, while the context is still current.
  virtual void close() = 0;

  /// @brief The font atlas was rebuilt (new type sizes): the backend uploads it again before the next frame.
  virtual void fonts_changed() {}
  /// @brief The renderer backend's part of a new Dear ImGui frame.
  virtual void new_frame() = 0;
  virtual void set_colormap(const Colormap& colormap) = 0;
  /// @brief @p snapshot's newest view into the heatmap. @p wait: wait for a device update in flight.
  virtual HeatmapShown update_heatmap(const SessionSnapshot& snapshot, bool wait) = 0;
  /// @brief The heatmap window's contents (inside its ImGui::Begin).
  virtual void draw_heatmap_panel(const AppState& state, HeatmapNavigation& nav, CommandQueue& commands,
                                  const Fonts& fonts) = 0;
  /// @brief ImGui's draw data into @p platform's framebuffer; then @p read_back (screenshots, slides) while
  /// the drawn frame can still be read, before the caller presents it.
  virtual void render(const Platform& platform, const std::function<void()>& read_back) = 0;
  /// @brief --heatmap-png: the heatmap alone with @p overlay at @p scale pixels per texel. Throws.
  virtual void export_heatmap(const std::string& path, const HeatmapOverlay& overlay, int scale, bool labels,
                              const Platform& platform, Log& log) = 0;
  /// @brief The feed's path and timings (--stats-json), or null when views do not go through one.
  virtual const HeatmapFeed* feed() const = 0;
};

/// @brief The OpenGL implementation (render/gl_frame_graphics.cpp).
std::unique_ptr<FrameGraphics> create_gl_frame_graphics();

}  // namespace apsp::studio
