// Checks the slides (issue 10 item 10) of a studio run:
//   slides_check gif  --gif F --frames N [--png FIRST.png]   F has N frames (read back with giflib), each the size
//                                                             of the first; with --png, frame 0 is FIRST.png
//                                                             through the fixed colour cube, pixel for pixel
//   slides_check same --a A.png --b B.png                     the two PNGs decode to the same pixels
//   slides_check differ --a A.png --b B.png                   ... to different pixels (a step changed the picture)
//   slides_check colour --png P --rgb R,G,B --min N [--max M]  P has at least N (at most M) pixels of exactly
//                                                             that colour (the graph view's marks in a screenshot)
#include <gif_lib.h>
#include <stb_image.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "slides/gif_palette.h"

namespace {

[[noreturn]] void fail(const std::string& why) {
  std::fprintf(stderr, "FAIL: %s\n", why.c_str());
  std::exit(1);
}

struct Png {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
};

Png load_png(const std::string& path) {
  Png p;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &p.width, &p.height, &channels, 3);
  if (!data) fail("cannot read " + path);
  p.rgb.assign(data, data + static_cast<std::size_t>(p.width) * p.height * 3);
  stbi_image_free(data);
  return p;
}

std::string need(const std::map<std::string, std::string>& args, const std::string& key) {
  auto it = args.find(key);
  if (it == args.end()) fail("missing " + key);
  return it->second;
}

int check_gif(const std::map<std::string, std::string>& args) {
  const std::string path = need(args, "--gif");
  const int expected = std::atoi(need(args, "--frames").c_str());
  int error = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
  if (!gif) fail(path + ": " + GifErrorString(error));
  if (DGifSlurp(gif) != GIF_OK) fail(path + ": " + GifErrorString(gif->Error));
  std::printf("%s: %d frames, %dx%d\n", path.c_str(), gif->ImageCount, gif->SWidth, gif->SHeight);
  if (gif->ImageCount != expected) fail("expected " + std::to_string(expected) + " frames, found " + std::to_string(gif->ImageCount));
  for (int i = 0; i < gif->ImageCount; ++i) {
    const GifImageDesc& d = gif->SavedImages[i].ImageDesc;
    if (d.Width != gif->SWidth || d.Height != gif->SHeight) fail("frame " + std::to_string(i) + " is not the whole screen");
  }
  if (args.count("--png")) {
    const Png png = load_png(args.at("--png"));
    if (png.width != gif->SWidth || png.height != gif->SHeight) fail("first PNG frame and GIF differ in size");
    const ColorMapObject* map = gif->SavedImages[0].ImageDesc.ColorMap ? gif->SavedImages[0].ImageDesc.ColorMap : gif->SColorMap;
    if (!map) fail("no colour map");
    const GifByteType* indices = gif->SavedImages[0].RasterBits;
    for (std::size_t p = 0; p < static_cast<std::size_t>(png.width) * png.height; ++p) {
      const auto want = apsp::studio::gif_palette::colour_of(
          apsp::studio::gif_palette::index_of(png.rgb[p * 3], png.rgb[p * 3 + 1], png.rgb[p * 3 + 2]));
      const GifColorType got = map->Colors[indices[p]];
      if (got.Red != want[0] || got.Green != want[1] || got.Blue != want[2])
        fail("GIF frame 0 differs from the first PNG frame at pixel " + std::to_string(p));
    }
  }
  DGifCloseFile(gif, &error);
  return 0;
}

int compare(const std::map<std::string, std::string>& args, bool want_same) {
  const Png a = load_png(need(args, "--a"));
  const Png b = load_png(need(args, "--b"));
  const bool same = a.width == b.width && a.height == b.height && a.rgb == b.rgb;
  std::printf("%s vs %s: %s\n", need(args, "--a").c_str(), need(args, "--b").c_str(), same ? "same pixels" : "different");
  if (same != want_same) fail(want_same ? "the images differ" : "the images are the same");
  return 0;
}

int count_colour(const std::map<std::string, std::string>& args) {
  const Png png = load_png(need(args, "--png"));
  int r = 0, g = 0, b = 0;
  if (std::sscanf(need(args, "--rgb").c_str(), "%d,%d,%d", &r, &g, &b) != 3) fail("--rgb R,G,B");
  long count = 0;
  for (std::size_t p = 0; p < static_cast<std::size_t>(png.width) * png.height; ++p)
    count += png.rgb[p * 3] == r && png.rgb[p * 3 + 1] == g && png.rgb[p * 3 + 2] == b;
  const long min = std::atol(need(args, "--min").c_str());
  const long max = args.count("--max") ? std::atol(args.at("--max").c_str()) : -1;
  std::printf("%s: %ld pixels of %d,%d,%d\n", need(args, "--png").c_str(), count, r, g, b);
  if (count < min) fail("fewer than " + std::to_string(min) + " pixels of that colour");
  if (max >= 0 && count > max) fail("more than " + std::to_string(max) + " pixels of that colour");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) fail("usage: slides_check gif|same|differ --key value ...");
  std::map<std::string, std::string> args;
  for (int i = 2; i + 1 < argc; i += 2) args[argv[i]] = argv[i + 1];
  const std::string mode = argv[1];
  if (mode == "gif") return check_gif(args);
  if (mode == "same") return compare(args, true);
  if (mode == "differ") return compare(args, false);
  if (mode == "colour") return count_colour(args);
  fail("unknown mode " + mode);
}
