#pragma once
// Key indices as the GLFW backend stores them in ImGuiIO::KeysDown (Dear ImGui 1.86 has no named keys for
// letters or F-keys). glfw_platform.cpp checks that they equal GLFW's codes.
namespace apsp::studio::keys {

inline constexpr int kSpace = 32;
inline constexpr int kF = 70;
inline constexpr int kP = 80;
inline constexpr int kR = 82;
inline constexpr int kRight = 262;
inline constexpr int kLeft = 263;
inline constexpr int kF12 = 301;
inline constexpr int kPageUp = 266;    // lesson stops: what a presenter's clicker sends
inline constexpr int kPageDown = 267;

}  // namespace apsp::studio::keys
