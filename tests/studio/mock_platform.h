#pragma once
// A Platform without a window, a GL context or a display: it counts what the studio asks of it, so that the
// code above the platform seam runs in unit tests (no Xvfb, no EGL). Its frames are drawn by a
// MockFrameGraphics, and it feeds Dear ImGui a fixed display when a context exists.
#include <imgui.h>

#include <atomic>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mock_frame_graphics.h"
#include "platform/platform.h"

namespace apsp::studio::testing {

class MockPlatform : public Platform {
 public:
  explicit MockPlatform(Size size = {1280, 800}) : m_size(size) {}
  ~MockPlatform() override { record->push_back("platform destroyed"); }

  std::string description() const override { return "mock platform"; }
  bool headless() const override { return true; }
  std::unique_ptr<FrameGraphics> create_frame_graphics() override {
    auto created = std::make_unique<MockFrameGraphics>(record);
    graphics = created.get();
    return created;
  }
  void init_imgui() override { ++imgui_inits; }
  void shutdown_imgui() override {
    ++imgui_shutdowns;
    record->push_back("imgui shut down");
  }
  void new_frame() override {
    ++frames;
    if (ImGui::GetCurrentContext() == nullptr) return;
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(m_size.width), static_cast<float>(m_size.height));
    io.DeltaTime = 1.0f / 60.0f;
    // Keys go down for one frame and up the next, as a short press would.
    for (bool& down : io.KeysDown) down = false;
    for (int key : std::exchange(keys_pressed, {})) io.KeysDown[key] = true;
    io.KeyShift = std::exchange(shift_pressed, false);
    io.KeyCtrl = std::exchange(ctrl_pressed, false);
  }
  void present() override { ++presents; }
  bool wait_events(double) override { return wakes.exchange(0) > 0; }
  void wake() override { ++wakes; }
  bool should_close() const override { return m_close; }
  void request_close() override { m_close = true; }
  Size framebuffer_size() const override { return m_size; }
  Size window_size() const override { return m_size; }
  float content_scale() const override { return 1.0f; }
  GLuint framebuffer() const override { return 0; }
  GLenum read_buffer() const override { return 0; }
  std::vector<std::string> take_dropped_paths() override { return std::exchange(dropped, {}); }
  void set_title(const std::string& text) override { title = text; }

  /// Shutdown order (graphics closed and destroyed, Dear ImGui shut down, this platform destroyed), readable
  /// after the owner of this platform is gone.
  std::shared_ptr<std::vector<std::string>> record = std::make_shared<std::vector<std::string>>();
  MockFrameGraphics* graphics = nullptr;  ///< the last one created (its owner destroys it before this platform)
  std::atomic<int> wakes{0};              ///< wake() calls since the last wait_events() (any thread)
  int imgui_inits = 0;
  int imgui_shutdowns = 0;
  int frames = 0;
  int presents = 0;
  std::string title;
  std::vector<std::string> dropped;  ///< what the next take_dropped_paths() returns
  std::vector<int> keys_pressed;     ///< keys (platform/keys.h) down in the next frame, then up again
  bool shift_pressed = false;        ///< Shift held with them
  bool ctrl_pressed = false;         ///< Ctrl held with them

 private:
  Size m_size;
  bool m_close = false;
};

}  // namespace apsp::studio::testing
