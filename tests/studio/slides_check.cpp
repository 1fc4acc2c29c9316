// Checks the slides of a studio run:
//   slides_check gif  --gif F --frames N [--png FIRST.png]   F has N frames (read back with giflib), each the size
//                                                             of the first; with --png, frame 0 is FIRST.png
//                                                             through the fixed colour cube, pixel for pixel
//   slides_check same --a A.png --b B.png                     the two PNGs decode to the same pixels
//   slides_check differ --a A.png --b B.png                   ... to different pixels (a step changed the picture)
//   slides_check colour --png P --rgb R,G,B --min N [--max M]  P has at least N (at most M) pixels of exactly
//                                                             that colour (the graph view's marks in a screenshot)
#include <gif_lib.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "check_tool.h"
#include "slides/gif_palette.h"

namespace {

using namespace apsp::check_tool;

int check_gif(const Args& args) {
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
    const RgbImage png = load_rgb_png(args.at("--png"));
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

int compare(const Args& args, bool want_same) {
  const RgbImage a = load_rgb_png(need(args, "--a"));
  const RgbImage b = load_rgb_png(need(args, "--b"));
  const bool same = a.width == b.width && a.height == b.height && a.rgb == b.rgb;
  std::printf("%s vs %s: %s\n", need(args, "--a").c_str(), need(args, "--b").c_str(), same ? "same pixels" : "different");
  if (same != want_same) fail(want_same ? "the images differ" : "the images are the same");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) fail("usage: slides_check gif|same|differ --key value ...");
  const Args args = parse_args(argc, argv, 2);
  const std::string mode = argv[1];
  if (mode == "gif") return check_gif(args);
  if (mode == "same") return compare(args, true);
  if (mode == "differ") return compare(args, false);
  if (mode == "colour") return count_colour(args);
  fail("unknown mode " + mode);
}
