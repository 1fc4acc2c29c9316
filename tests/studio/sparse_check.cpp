// Checks of the studio's sparse-solver pictures (issue 13 item 7), for tests/studio/studio_test.sh:
//   sparse_check rows --png P --rows S --cols N --done D --rgb R,G,B
//       P is a --heatmap-png of an S x n result at one pixel per cell (N x S pixels); rows [0, D) hold no pixel of
//       the not-yet colour R,G,B, rows [D, S) only that colour
//   sparse_check wide --png P             P is wider than tall (prints its size)
//   sparse_check colour --png P --rgb R,G,B --min N [--max M]   at least N (at most M) pixels of exactly that colour
#include <stb_image.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const std::string& why) {
  std::fprintf(stderr, "sparse_check: %s\n", why.c_str());
  std::exit(1);
}

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  const unsigned char* at(int x, int y) const { return &rgb[(static_cast<std::size_t>(y) * width + x) * 3]; }
};

Image load(const std::string& path) {
  Image p;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &p.width, &p.height, &channels, 3);
  if (!data) fail("cannot read " + path);
  p.rgb.assign(data, data + static_cast<std::size_t>(p.width) * p.height * 3);
  stbi_image_free(data);
  return p;
}

const std::string& need(const std::map<std::string, std::string>& args, const std::string& key) {
  auto it = args.find(key);
  if (it == args.end()) fail("missing " + key);
  return it->second;
}

std::vector<int> rgb_of(const std::string& text) {
  int r = 0, g = 0, b = 0;
  if (std::sscanf(text.c_str(), "%d,%d,%d", &r, &g, &b) != 3) fail("--rgb R,G,B");
  return {r, g, b};
}

bool is(const unsigned char* p, const std::vector<int>& c) { return p[0] == c[0] && p[1] == c[1] && p[2] == c[2]; }

int check_rows(const std::map<std::string, std::string>& args) {
  const Image img = load(need(args, "--png"));
  const int rows = std::atoi(need(args, "--rows").c_str()), cols = std::atoi(need(args, "--cols").c_str());
  const int done = std::atoi(need(args, "--done").c_str());
  const std::vector<int> not_yet = rgb_of(need(args, "--rgb"));
  if (img.width != cols || img.height != rows)
    fail("image is " + std::to_string(img.width) + " x " + std::to_string(img.height) + ", expected " +
         std::to_string(cols) + " x " + std::to_string(rows) + " (columns x rows)");
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) {
      const bool pending = is(img.at(x, y), not_yet);
      const std::string where = "row " + std::to_string(y) + ", pixel " + std::to_string(x);
      if (y < done && pending) fail(where + ": the row is done but the pixel has the not-yet colour");
      if (y >= done && !pending) fail(where + ": the row is not computed yet but the pixel is not the not-yet colour");
    }
  std::printf("ok: %d rows done, %d not yet computed\n", done, rows - done);
  return 0;
}

int check_wide(const std::map<std::string, std::string>& args) {
  const Image img = load(need(args, "--png"));
  std::printf("%d x %d\n", img.width, img.height);
  if (img.width <= img.height) fail("not wider than tall");
  return 0;
}

int count_colour(const std::map<std::string, std::string>& args) {
  const Image img = load(need(args, "--png"));
  const std::vector<int> c = rgb_of(need(args, "--rgb"));
  long count = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) count += is(img.at(x, y), c) ? 1 : 0;
  std::printf("%ld pixels of %d,%d,%d\n", count, c[0], c[1], c[2]);
  if (count < std::atol(need(args, "--min").c_str())) fail("too few pixels of that colour");
  if (args.count("--max") && count > std::atol(args.at("--max").c_str())) fail("too many pixels of that colour");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) fail("usage: sparse_check rows|wide|colour --png P ...");
  const std::string mode = argv[1];
  std::map<std::string, std::string> args;
  for (int i = 2; i + 1 < argc; i += 2) args[argv[i]] = argv[i + 1];
  if (mode == "rows") return check_rows(args);
  if (mode == "wide") return check_wide(args);
  if (mode == "colour") return count_colour(args);
  fail("unknown mode " + mode);
}
