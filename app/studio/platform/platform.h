#pragma once
// The window-system side of the studio: a GLFW window for interactive use, or an EGL context with an
// offscreen framebuffer for batch rendering without a display (--headless). Everything above this layer
// draws into framebuffer() and never knows which one it got.
#include <memory>
#include <string>
#include <vector>

#include "platform/gl.h"
#include "render/frame_graphics.h"

namespace apsp::studio {

struct Size {
  int width = 0;
  int height = 0;
};

struct PlatformOptions {
  std::string title = "APSP Studio";
  Size size{0, 0};  ///< window or offscreen size in pixels; {0,0}: 1280x800 times the content scale
  bool vsync = true;
  float scale_override = 0;  ///< > 0 replaces the monitor's content scale (headless has none)
};

class Platform {
 public:
  virtual ~Platform() = default;

  /// @brief "GLFW window" / "EGL headless (device ...)" plus the GL renderer, for the log.
  virtual std::string description() const = 0;
  virtual bool headless() const = 0;

  /// @brief What draws the frames on this platform: OpenGL on a window or an EGL context.
  virtual std::unique_ptr<FrameGraphics> create_frame_graphics() = 0;

  /// @brief Installs Dear ImGui's platform side (after ImGui::CreateContext, before the renderer backend).
  virtual void init_imgui() = 0;
  virtual void shutdown_imgui() = 0;

  /// @brief Polls input and feeds Dear ImGui (display size, time step, mouse, keys).
  virtual void new_frame() = 0;
  /// @brief Shows the finished frame (swap for a window; nothing for an offscreen target).
  virtual void present() = 0;
  /// @brief Sleeps until input arrives, wake() is called or @p timeout_s passes; keeps an idle app off the
  /// CPU. Returns true when it woke before the timeout (input or wake()), false when the time ran out.
  virtual bool wait_events(double timeout_s) = 0;
  /// @brief Ends a wait_events() in progress (or the next one) at once. Any thread may call it.
  virtual void wake() = 0;

  virtual bool should_close() const = 0;
  virtual void request_close() = 0;

  virtual Size framebuffer_size() const = 0;
  /// @brief Size to remember in the settings (window size in screen units).
  virtual Size window_size() const = 0;
  /// @brief Monitor content scale (1 on a 96 dpi screen, 2 on most 4K laptops).
  virtual float content_scale() const = 0;
  /// @brief The framebuffer every frame is drawn into: 0 for a window, an FBO when headless.
  virtual GLuint framebuffer() const = 0;
  /// @brief Which buffer glReadPixels reads a finished frame from.
  virtual GLenum read_buffer() const = 0;

  /// @brief Files dropped on the window since the last call.
  virtual std::vector<std::string> take_dropped_paths() { return {}; }
  virtual void set_title(const std::string& title) { (void)title; }
};

/// @brief Opens a GLFW window with an OpenGL 3.3 core context. Throws GlError (e.g. "no display").
std::unique_ptr<Platform> create_window_platform(const PlatformOptions& options);

/// @brief Creates an EGL OpenGL 3.3 core context without any display: the NVIDIA EGL device when present,
/// else Mesa (a DRM device, then software). Throws GlError when no EGL device works or EGL was not built in.
std::unique_ptr<Platform> create_headless_platform(const PlatformOptions& options);

/// @brief The one place that picks a window or EGL: EGL when @p headless; otherwise a window, and for a batch
/// run (@p headless_fallback) whose window cannot open (no display) EGL instead, saying so in @p fallback_note.
/// Throws GlError when neither works.
std::unique_ptr<Platform> open_platform(const PlatformOptions& options, bool headless, bool headless_fallback,
                                        std::string& fallback_note);

}  // namespace apsp::studio
