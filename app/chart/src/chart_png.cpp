#include "chart/chart_png.h"

#include <apsp/core/errors.h>
#include <apsp/io/atomic_file.h>
#include <stb_image_write.h>

#include <algorithm>

#include "chart/chart_draw.h"

namespace apsp::chart {

namespace {

/// Makes a fresh ImGui context current for its lifetime and puts the caller's back afterwards, so the studio's
/// own context (with its fonts and windows) is untouched by an offscreen render.
class ScopedContext {
 public:
  ScopedContext() : m_previous(ImGui::GetCurrentContext()), m_context(ImGui::CreateContext()) {
    ImGui::SetCurrentContext(m_context);
  }
  ~ScopedContext() {
    ImGui::DestroyContext(m_context);
    ImGui::SetCurrentContext(m_previous);
  }
  ScopedContext(const ScopedContext&) = delete;
  ScopedContext& operator=(const ScopedContext&) = delete;

 private:
  ImGuiContext* m_previous;
  ImGuiContext* m_context;
};

}  // namespace

RgbaImage render_offscreen(int width, int height, const std::function<void(ImDrawList*)>& draw) {
  return render_offscreen(RgbaImage(width, height, 0xffffffff), draw);
}

RgbaImage render_offscreen(RgbaImage image, const std::function<void(ImDrawList*)>& draw) {
  ScopedContext scope;
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // nothing of this context is saved
  io.LogFilename = nullptr;
  io.DisplaySize = ImVec2(static_cast<float>(image.width), static_cast<float>(image.height));
  io.DeltaTime = 1.0f / 60.0f;
  unsigned char* atlas = nullptr;
  int atlas_w = 0, atlas_h = 0;
  io.Fonts->GetTexDataAsRGBA32(&atlas, &atlas_w, &atlas_h);  // the default font, built in CPU memory
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(1)));

  ImGui::NewFrame();
  draw(ImGui::GetBackgroundDrawList());
  ImGui::Render();
  rasterize(*ImGui::GetDrawData(), Texture{atlas, atlas_w, atlas_h}, image);
  return image;
}

RgbaImage render_charts(const std::vector<Chart>& charts, int columns) {
  const int count = std::max<int>(1, static_cast<int>(charts.size()));
  columns = std::clamp(columns, 1, count);
  const int rows = (count + columns - 1) / columns;
  return render_offscreen(columns * kPanelWidth, rows * kPanelHeight, [&](ImDrawList* dl) {
    for (int i = 0; i < static_cast<int>(charts.size()); ++i) {
      const ImVec2 min(static_cast<float>((i % columns) * kPanelWidth),
                       static_cast<float>((i / columns) * kPanelHeight));
      draw_chart(dl, charts[static_cast<std::size_t>(i)], min, ImVec2(min.x + kPanelWidth, min.y + kPanelHeight));
    }
  });
}

std::string encode_png(const RgbaImage& image) {
  std::vector<std::uint8_t> rgb(static_cast<std::size_t>(image.width) * image.height * 3);
  for (std::size_t p = 0, q = 0; q < rgb.size(); p += 4, q += 3) {
    rgb[q] = image.pixels[p];
    rgb[q + 1] = image.pixels[p + 1];
    rgb[q + 2] = image.pixels[p + 2];
  }
  std::string encoded;
  auto sink = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
  };
  if (stbi_write_png_to_func(sink, &encoded, image.width, image.height, 3, rgb.data(), image.width * 3) == 0)
    throw Error("could not encode a PNG of " + std::to_string(image.width) + " x " + std::to_string(image.height));
  return encoded;
}

void write_png(const std::string& path, const RgbaImage& image) {
  const std::string png = encode_png(image);
  AtomicFile file(path);
  file.write(png);
  file.commit();
}

void write_charts_png(const std::string& path, const std::vector<Chart>& charts, int columns) {
  write_png(path, render_charts(charts, columns));
}

}  // namespace apsp::chart
