#pragma once
// Key indices as the GLFW backend stores them in ImGuiIO::KeysDown (Dear ImGui 1.86 has no named keys for
// letters or F-keys). glfw_platform.cpp checks that they equal GLFW's codes.
namespace apsp::studio::keys {

inline constexpr int kSpace = 32;
inline constexpr int kF = 70;
inline constexpr int kP = 80;
inline constexpr int kQ = 81;
inline constexpr int kR = 82;
inline constexpr int kV = 86;
inline constexpr int kLeftBracket = 91;
inline constexpr int kRightBracket = 93;
inline constexpr int kRight = 262;
inline constexpr int kLeft = 263;
inline constexpr int kF12 = 301;
// Graph editing: E toggles the edit mode, Ctrl+Z undo, Ctrl+Y / Ctrl+Shift+Z redo.
inline constexpr int kE = 69;
inline constexpr int kY = 89;
inline constexpr int kZ = 90;
inline constexpr int kPageUp = 266;    // lesson stops: what a presenter's clicker sends
inline constexpr int kPageDown = 267;
// Shift, Control, Alt and Super, left then right: GLFW numbers them 340 to 347.
inline constexpr int kFirstModifier = 340;
inline constexpr int kLastModifier = 347;

}  // namespace apsp::studio::keys
