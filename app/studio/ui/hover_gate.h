#pragma once
// Hover (tooltips, highlighted items) starts once the pointer has really moved since the window opened, or a
// button or the wheel was used. A window that opens under a resting pointer (a virtual display puts it in
// the middle of the screen) would otherwise start with a tooltip nobody asked for, on the first screenshot too.
// Pure: the frame passes the pointer in and hides it from Dear ImGui while the gate is closed.

namespace apsp::studio {

class HoverGate {
 public:
  /// @brief Whether hover may follow the pointer this frame. @p known: the pointer is over the window at
  /// (@p x, @p y); @p input: a button is down or the wheel turned this frame. Once open, it stays open.
  bool open(bool known, float x, float y, bool input) {
    if (m_open) return true;
    if (input) return m_open = true;
    if (!known) return false;
    if (!m_rest) {
      m_rest = true;  // where the pointer rested when the window first saw it
      m_x = x;
      m_y = y;
      return false;
    }
    return m_open = (x != m_x || y != m_y);
  }

 private:
  bool m_open = false;
  bool m_rest = false;
  float m_x = 0;
  float m_y = 0;
};

}  // namespace apsp::studio
