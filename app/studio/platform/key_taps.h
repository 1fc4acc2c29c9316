#pragma once
// Key taps that last less than a frame. Dear ImGui 1.86 reads keys as states (io.KeysDown) once per frame, so a key
// pressed and released between two frames — a quick tap on a slow, software-rendered frame, or a presenter's clicker
// — never shows as down and is lost. The GLFW backend already keeps such mouse clicks (MouseJustPressed); this does the
// same for keys: a key pressed since the last frame is down in this one, whatever it is now, and up again in the next
// frame unless it is still held. A modifier counts in a frame if it was down at any time since the last one: Shift
// held over a frame boundary and released in the same poll as a tapped arrow still makes Shift+arrow.
#include <algorithm>
#include <bitset>

#include "platform/keys.h"

namespace apsp::studio {

class KeyTaps {
 public:
  static constexpr int kKeys = 512;  // the size of ImGuiIO::KeysDown in 1.86

  // From the window's key callback: one press or release (a repeat is neither).
  void on_key(int key, bool pressed) {
    if (key < 0 || key >= kKeys) return;
    m_held[static_cast<size_t>(key)] = pressed;
    if (pressed) m_pressed_since_frame[static_cast<size_t>(key)] = true;
  }

  // At the start of a frame, after the events are polled: the keys down for this frame.
  void apply(bool* keys_down, int count) {
    const int n = std::min(count, kKeys);
    for (int key = 0; key < n; ++key) {
      const auto k = static_cast<size_t>(key);
      keys_down[key] = m_held[k] || m_pressed_since_frame[k];
    }
    m_pressed_since_frame.reset();
    for (int key = keys::kFirstModifier; key <= keys::kLastModifier; ++key) {
      const auto k = static_cast<size_t>(key);
      m_pressed_since_frame[k] = m_held[k];
    }
  }

 private:
  std::bitset<kKeys> m_held;
  std::bitset<kKeys> m_pressed_since_frame;
};

}  // namespace apsp::studio
