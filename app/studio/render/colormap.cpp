#include "render/colormap.h"

#include <apsp/core/errors.h>

#include <fstream>
#include <sstream>

#include "platform/resources.h"
#include "session/data_dir.h"

namespace apsp::studio {

const std::vector<std::string>& colormap_names() {
  static const std::vector<std::string> names = {"viridis", "magma", "turbo", "gray"};
  return names;
}

Colormap parse_colormap(std::string name, std::string_view text, std::string_view source) {
  Colormap map;
  map.name = std::move(name);
  std::istringstream in{std::string(text)};
  std::string line;
  std::size_t count = 0;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    int r = -1, g = -1, b = -1;
    if (!(fields >> r >> g >> b) || r < 0 || r > 255 || g < 0 || g > 255 || b < 0 || b > 255) {
      throw Error(std::string(source) + ": line " + std::to_string(line_no) + ": expected 'R G B' in 0..255");
    }
    if (count >= map.entries.size()) throw Error(std::string(source) + ": more than 257 entries");
    map.entries[count++] =
        Rgb8{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g), static_cast<std::uint8_t>(b)};
  }
  if (count != map.entries.size()) {
    throw Error(std::string(source) + ": " + std::to_string(count) + " entries, expected 257 (256 + INF)");
  }
  return map;
}

namespace {

void check_known(std::string_view name) {
  for (const auto& known : colormap_names()) {
    if (known == name) return;
  }
  std::string valid;
  for (const auto& known : colormap_names()) valid += (valid.empty() ? "" : ", ") + known;
  throw UsageError("unknown colormap '" + std::string(name) + "' (valid: " + valid + ")");
}

}  // namespace

Colormap builtin_colormap(std::string_view name) {
  check_known(name);
  const std::string path = "assets/colormaps/" + std::string(name) + ".txt";
  return parse_colormap(std::string(name), embedded_file(path), "built-in " + path);
}

Colormap load_colormap(std::string_view name) {
  check_known(name);
  const std::filesystem::path file = data_file(std::filesystem::path("colormaps") / (std::string(name) + ".txt"));
  if (file.empty()) return builtin_colormap(name);
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw Error(file.string() + ": cannot read");
  return parse_colormap(std::string(name), text.str(), file.string());
}

}  // namespace apsp::studio
