#include "ui/theme.h"

#include <cmath>
#include <filesystem>

namespace apsp::studio {
namespace {

const char* find_font() {
  static const char* candidates[] = {
      "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
      "/usr/share/fonts/TTF/DejaVuSans.ttf",
      "/usr/share/fonts/dejavu/DejaVuSans.ttf",
      "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
  };
  for (const char* path : candidates) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) return path;
  }
  return nullptr;
}

}  // namespace

Fonts apply_theme(float scale, const TypeSizes& sizes) {
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();  // from the stock sizes: a rebuild must not scale them twice
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 4;
  style.FrameRounding = 3;
  style.GrabRounding = 3;
  style.WindowBorderSize = 1;
  style.FramePadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(8, 6);
  style.WindowPadding = ImVec2(10, 10);
  // Higher contrast than the stock dark style: projectors wash out dark greys.
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.12f, 1.00f);
  c[ImGuiCol_ChildBg] = ImVec4(0.09f, 0.10f, 0.12f, 1.00f);
  c[ImGuiCol_TitleBg] = ImVec4(0.16f, 0.22f, 0.34f, 1.00f);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.16f, 0.22f, 0.34f, 1.00f);
  c[ImGuiCol_TitleBgCollapsed] = ImVec4(0.16f, 0.22f, 0.34f, 1.00f);
  c[ImGuiCol_Header] = ImVec4(0.22f, 0.33f, 0.52f, 1.00f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.28f, 0.42f, 0.66f, 1.00f);
  c[ImGuiCol_Button] = ImVec4(0.22f, 0.35f, 0.58f, 1.00f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.30f, 0.47f, 0.76f, 1.00f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.36f, 0.55f, 0.88f, 1.00f);
  c[ImGuiCol_Text] = ImVec4(0.95f, 0.96f, 0.98f, 1.00f);
  c[ImGuiCol_TextDisabled] = ImVec4(0.62f, 0.64f, 0.68f, 1.00f);
  c[ImGuiCol_PlotHistogram] = ImVec4(0.30f, 0.70f, 0.40f, 1.00f);
  style.ScaleAllSizes(scale);

  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  Fonts fonts;
  fonts.sizes = sizes;
  const float px[4] = {sizes.body_px, sizes.heading_px, sizes.presentation_px, sizes.presentation_title_px};
  ImFont** slots[4] = {&fonts.body, &fonts.heading, &fonts.large, &fonts.large_heading};
  const char* path = find_font();
  for (int i = 0; i < 4; ++i) {
    // Latin-1, and Greek for π and Π (the predecessor matrix's names, as in the textbook).
    static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0};
    if (path) *slots[i] = io.Fonts->AddFontFromFileTTF(path, px[i], nullptr, ranges);
    if (!*slots[i]) {
      // The built-in font is drawn smaller than DejaVu Sans at the same size: 1.3 x keeps the same look.
      ImFontConfig config;
      config.SizePixels = std::round(px[i] * 13.0f / 17.0f * 1.3f);
      *slots[i] = io.Fonts->AddFontDefault(&config);
    }
  }
  return fonts;
}

}  // namespace apsp::studio
