#include "platform/gl_check.h"
#include "platform/key_taps.h"
#include "platform/platform.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <string>
#include <utility>

namespace apsp::studio {
namespace {

std::string g_glfw_error;  // GLFW reports errors through a callback; keep the last for the exception text

void on_glfw_error(int code, const char* text) {
  g_glfw_error = "GLFW error " + std::to_string(code) + ": " + (text ? text : "?");
}

class GlfwPlatform final : public Platform {
 public:
  explicit GlfwPlatform(const PlatformOptions& options) {
    glfwSetErrorCallback(on_glfw_error);
    if (glfwInit() != GLFW_TRUE) {
      throw GlError("cannot open a window (" + (g_glfw_error.empty() ? std::string("glfwInit failed") : g_glfw_error) +
                    "); without a display use --headless or run under xvfb-run -a");
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);

    float monitor_scale = 1.0f;
    int work_w = 0, work_h = 0;
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
      float sx = 1, sy = 1;
      glfwGetMonitorContentScale(monitor, &sx, &sy);
      monitor_scale = std::max(sx, sy);
      int wx = 0, wy = 0;
      glfwGetMonitorWorkarea(monitor, &wx, &wy, &work_w, &work_h);
    }
    Size size = options.size;
    if (size.width <= 0 || size.height <= 0) {
      size = {static_cast<int>(std::lround(1280 * monitor_scale)), static_cast<int>(std::lround(800 * monitor_scale))};
    }
    if (work_w > 0 && work_h > 0) {
      size.width = std::min(size.width, work_w);
      size.height = std::min(size.height, work_h);
    }
    m_window = glfwCreateWindow(size.width, size.height, options.title.c_str(), nullptr, nullptr);
    if (!m_window) {
      std::string reason = g_glfw_error.empty() ? std::string("glfwCreateWindow failed") : g_glfw_error;
      glfwTerminate();
      throw GlError("cannot create an OpenGL 3.3 core window (" + reason + ")");
    }
    glfwMakeContextCurrent(m_window);
    int fb_width = 0, fb_height = 0;
    glfwGetFramebufferSize(m_window, &fb_width, &fb_height);
    try {
      check_framebuffer_size(fb_width, fb_height, false);  // before the first frame is drawn
    } catch (...) {
      glfwDestroyWindow(m_window);
      glfwTerminate();
      throw;
    }
    glfwSwapInterval(options.vsync ? 1 : 0);
    glfwSetWindowUserPointer(m_window, this);
    glfwSetDropCallback(m_window, [](GLFWwindow* w, int count, const char** paths) {
      auto* self = static_cast<GlfwPlatform*>(glfwGetWindowUserPointer(w));
      for (int i = 0; i < count; ++i) self->m_dropped.emplace_back(paths[i]);
    });
    m_scale_override = options.scale_override;
  }

  ~GlfwPlatform() override {
    glfwDestroyWindow(m_window);
    glfwTerminate();
  }

  std::string description() const override { return "GLFW window | " + gl_description(); }
  bool headless() const override { return false; }

  std::unique_ptr<FrameGraphics> create_frame_graphics() override { return create_gl_frame_graphics(); }
  void init_imgui() override {
    // Ours first: the backend chains to the callback it finds, so every key event reaches m_key_taps too.
    glfwSetKeyCallback(m_window, [](GLFWwindow* w, int key, int, int action, int) {
      if (action == GLFW_REPEAT) return;
      static_cast<GlfwPlatform*>(glfwGetWindowUserPointer(w))->m_key_taps.on_key(key, action == GLFW_PRESS);
    });
    ImGui_ImplGlfw_InitForOpenGL(m_window, true);
  }
  void shutdown_imgui() override { ImGui_ImplGlfw_Shutdown(); }

  void new_frame() override {
    glfwPollEvents();
    ImGui_ImplGlfw_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    m_key_taps.apply(io.KeysDown, IM_ARRAYSIZE(io.KeysDown));
    // The backend set the modifiers from the keys as they are now; a tapped Shift or Ctrl counts for this frame.
    io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
    io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
    io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
    io.KeySuper = io.KeysDown[GLFW_KEY_LEFT_SUPER] || io.KeysDown[GLFW_KEY_RIGHT_SUPER];
  }
  void present() override { glfwSwapBuffers(m_window); }
  bool wait_events(double timeout_s) override {
    // GLFW does not say why the wait ended; one that ends before its time had an event (or a wake()).
    const auto start = std::chrono::steady_clock::now();
    glfwWaitEventsTimeout(timeout_s);
    const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return waited < timeout_s - 0.002;
  }
  void wake() override { glfwPostEmptyEvent(); }

  bool should_close() const override { return glfwWindowShouldClose(m_window) == GLFW_TRUE; }
  void request_close() override { glfwSetWindowShouldClose(m_window, GLFW_TRUE); }

  Size framebuffer_size() const override {
    Size s;
    glfwGetFramebufferSize(m_window, &s.width, &s.height);
    return s;
  }
  Size window_size() const override {
    Size s;
    glfwGetWindowSize(m_window, &s.width, &s.height);
    return s;
  }
  float content_scale() const override {
    if (m_scale_override > 0) return m_scale_override;
    float sx = 1, sy = 1;
    glfwGetWindowContentScale(m_window, &sx, &sy);
    return std::clamp(std::max(sx, sy), 0.5f, 4.0f);
  }
  GLuint framebuffer() const override { return 0; }
  GLenum read_buffer() const override { return GL_BACK; }

  std::vector<std::string> take_dropped_paths() override { return std::exchange(m_dropped, {}); }
  void set_title(const std::string& title) override { glfwSetWindowTitle(m_window, title.c_str()); }

 private:
  GLFWwindow* m_window = nullptr;
  std::vector<std::string> m_dropped;
  KeyTaps m_key_taps;
  float m_scale_override = 0;
};

}  // namespace

std::unique_ptr<Platform> create_window_platform(const PlatformOptions& options) {
  return std::make_unique<GlfwPlatform>(options);
}

}  // namespace apsp::studio

#include "platform/keys.h"
static_assert(apsp::studio::keys::kSpace == GLFW_KEY_SPACE && apsp::studio::keys::kF == GLFW_KEY_F &&
                  apsp::studio::keys::kR == GLFW_KEY_R && apsp::studio::keys::kRight == GLFW_KEY_RIGHT &&
                  apsp::studio::keys::kLeft == GLFW_KEY_LEFT &&
                  apsp::studio::keys::kF12 == GLFW_KEY_F12 && apsp::studio::keys::kP == GLFW_KEY_P &&
                  apsp::studio::keys::kQ == GLFW_KEY_Q &&
                  apsp::studio::keys::kE == GLFW_KEY_E && apsp::studio::keys::kY == GLFW_KEY_Y &&
                  apsp::studio::keys::kZ == GLFW_KEY_Z &&
                  apsp::studio::keys::kPageUp == GLFW_KEY_PAGE_UP && apsp::studio::keys::kPageDown == GLFW_KEY_PAGE_DOWN,
              "key indices must match GLFW's key codes");
static_assert(apsp::studio::keys::kV == GLFW_KEY_V && apsp::studio::keys::kLeftBracket == GLFW_KEY_LEFT_BRACKET &&
                  apsp::studio::keys::kRightBracket == GLFW_KEY_RIGHT_BRACKET &&
                  apsp::studio::keys::kFirstModifier == GLFW_KEY_LEFT_SHIFT &&
                  apsp::studio::keys::kLastModifier == GLFW_KEY_RIGHT_SUPER,
              "key indices must match GLFW's key codes (Π keys, modifiers)");
