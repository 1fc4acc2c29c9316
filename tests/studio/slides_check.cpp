// Checks the slides of a studio run:
//   slides_check gif  --gif F --frames N [--pngs DIR | --png FIRST.png]
//                                                             F shows N frames (read back with giflib, its layers
//                                                             drawn over each other); with --pngs, frame i equals
//                                                             DIR/frame_000i.png pixel for pixel (--png: frame 0)
//   slides_check same --a A.png --b B.png                     the two PNGs decode to the same pixels
//   slides_check differ --a A.png --b B.png                   ... to different pixels (a step changed the picture)
//   slides_check colour --png P --rgb R,G,B --min N [--max M]  P has at least N (at most M) pixels of exactly
//                                                             that colour (the graph view's marks in a screenshot)
#include <gif_lib.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "check_tool.h"
#include "slides/gif_writer.h"

namespace {

using namespace apsp::check_tool;

int check_gif(const Args& args) {
  const std::string path = need(args, "--gif");
  const int expected = std::atoi(need(args, "--frames").c_str());
  int error = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
  if (!gif) fail(path + ": " + GifErrorString(error));
  if (DGifSlurp(gif) != GIF_OK) fail(path + ": " + GifErrorString(gif->Error));
  // What a viewer shows: every image drawn over the picture (disposal "leave in place", the transparent index
  // skipped); a frame is the picture after an image whose delay is not the layers' (kLayerDelayCs).
  const int width = gif->SWidth, height = gif->SHeight;
  std::vector<unsigned char> picture(static_cast<std::size_t>(width) * height * 3, 0);
  std::vector<bool> drawn(static_cast<std::size_t>(width) * height, false);
  int frames = 0, most_layers = 0, layers = 0;
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& image = gif->SavedImages[i];
    const GifImageDesc& d = image.ImageDesc;
    GraphicsControlBlock gcb{};
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    DGifSavedExtensionToGCB(gif, i, &gcb);
    if (gcb.DisposalMode != DISPOSE_DO_NOT && gcb.DisposalMode != DISPOSAL_UNSPECIFIED) fail("image " + std::to_string(i) + ": disposal " + std::to_string(gcb.DisposalMode));
    if (d.Left < 0 || d.Top < 0 || d.Left + d.Width > width || d.Top + d.Height > height) fail("image " + std::to_string(i) + " outside the screen");
    const ColorMapObject* map = d.ColorMap ? d.ColorMap : gif->SColorMap;
    if (!map) fail("image " + std::to_string(i) + ": no colour map");
    for (int y = 0; y < d.Height; ++y) {
      for (int x = 0; x < d.Width; ++x) {
        const int index = image.RasterBits[static_cast<std::size_t>(y) * d.Width + x];
        if (index == gcb.TransparentColor) continue;
        if (index >= map->ColorCount) fail("image " + std::to_string(i) + ": index outside its colour map");
        const std::size_t p = static_cast<std::size_t>(d.Top + y) * width + (d.Left + x);
        picture[p * 3] = map->Colors[index].Red, picture[p * 3 + 1] = map->Colors[index].Green, picture[p * 3 + 2] = map->Colors[index].Blue;
        drawn[p] = true;
      }
    }
    ++layers;
    if (gcb.DelayTime == apsp::studio::kLayerDelayCs) continue;  // a layer of the frame: the picture is not complete yet
    most_layers = std::max(most_layers, layers);
    layers = 0;
    for (std::size_t p = 0; p < drawn.size(); ++p)
      if (!drawn[p]) fail("frame " + std::to_string(frames) + " leaves pixel " + std::to_string(p) + " undrawn");
    std::string png;
    if (args.count("--pngs")) {
      char name[32];
      std::snprintf(name, sizeof name, "/frame_%04d.png", frames);
      png = args.at("--pngs") + name;
    }
    if (frames == 0 && args.count("--png")) png = args.at("--png");
    if (!png.empty()) {
      const RgbImage want = load_rgb_png(png);
      if (want.width != width || want.height != height) fail(png + " and the GIF differ in size");
      for (std::size_t p = 0; p < want.pixels(); ++p)
        if (std::memcmp(&want.rgb[p * 3], &picture[p * 3], 3) != 0)
          fail("GIF frame " + std::to_string(frames) + " differs from " + png + " at pixel (" +
               std::to_string(p % width) + ", " + std::to_string(p / width) + ")");
    }
    ++frames;
  }
  std::printf("%s: %d frames (%d images, at most %d a frame), %dx%d%s\n", path.c_str(), frames, gif->ImageCount,
              most_layers, width, height, args.count("--pngs") || args.count("--png") ? ", equal to the PNGs" : "");
  if (layers != 0) fail("images after the last frame's delay");
  if (frames != expected) fail("expected " + std::to_string(expected) + " frames, found " + std::to_string(frames));
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
