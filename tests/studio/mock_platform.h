#pragma once
// A Platform without a window, a GL context or a display: it counts what the studio asks of it, so that the
// code above the platform seam runs in unit tests (no Xvfb, no EGL).
#include <atomic>
#include <string>
#include <utility>
#include <vector>

#include "platform/platform.h"

namespace apsp::studio::testing {

class MockPlatform : public Platform {
 public:
  explicit MockPlatform(Size size = {1280, 800}) : m_size(size) {}

  std::string description() const override { return "mock platform"; }
  bool headless() const override { return true; }
  void init_imgui() override { ++imgui_inits; }
  void shutdown_imgui() override { ++imgui_shutdowns; }
  void new_frame() override { ++frames; }
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

  std::atomic<int> wakes{0};  ///< wake() calls since the last wait_events() (any thread)
  int imgui_inits = 0;
  int imgui_shutdowns = 0;
  int frames = 0;
  int presents = 0;
  std::string title;
  std::vector<std::string> dropped;  ///< what the next take_dropped_paths() returns

 private:
  Size m_size;
  bool m_close = false;
};

}  // namespace apsp::studio::testing
