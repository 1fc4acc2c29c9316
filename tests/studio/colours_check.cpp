// Colours in the heatmap's images, two modes:
//   keep --frames DIR --gen SPEC --block B --granularity k|phase|round --plain 0|1 --lut LUT.txt [--range step]
//     A lesson's colours keep their meaning: across exported frames (--export-frames DIR, overlays off), every
//     cell whose distance did not change between two consecutive frames has the identical centre colour (the
//     most frequent colormap colour of its central area: its number sits on the very centre). The
//     distances of each frame come from a replay of the same steps (cpu-blocked, or cpu-naive with --plain 1)
//     from the start; the matrix is found in each frame by its exact colormap colours (find_matrix). Unless
//     --range step, each cell's colour must also be its distance's colour in the lesson's range, the extremes of
//     every k-step state of the same replay.
//   cell --png P --scale S --cell I:J --rgb R,G,B --min N
//     At least N pixels of exactly R,G,B inside cell (I, J) of a --heatmap-png written with --heatmap-scale S.
#include <apsp/core/distance_matrix.h>
#include <apsp/graph/generators.h>
#include <apsp/graph/graph.h>
#include <apsp/solve/registry.h>
#include <apsp/view/view.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "check_tool.h"

namespace {

using namespace apsp::check_tool;

struct Box {
  int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive
  long pixels = 0;
};

// The 257 entries in order: 0..255, then INF.
std::vector<std::array<int, 3>> load_lut(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::array<int, 3>> lut;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    std::array<int, 3> c{};
    s >> c[0] >> c[1] >> c[2];
    lut.push_back(c);
  }
  if (lut.size() != 257) fail(path + ": not a colormap of 256 entries and INF");
  return lut;
}

// [smallest, largest finite] value over every k-step state of the run: the lesson's colour range.
apsp::ValueRange k_step_extremes(apsp::Solver& solver, const apsp::DistanceMatrix& initial, int n) {
  apsp::ValueRange r{0, 0, false};
  apsp::DistanceMatrix out(n, initial.block(), apsp::DType::I32);
  solver.reset(initial);
  while (true) {
    solver.read(out);
    for (std::int32_t v : out.to_dense()) {
      if (v >= apsp::kInf32) continue;
      r.lo = r.has_finite ? std::min(r.lo, v) : v;
      r.hi = r.has_finite ? std::max(r.hi, v) : v;
      r.has_finite = true;
    }
    if (solver.finished()) return r;
    solver.step(apsp::Granularity::KStep);
  }
}

std::array<int, 3> pixel(const RgbImage& img, int x, int y) {
  const unsigned char* p = img.at(x, y);
  return {p[0], p[1], p[2]};
}

// The matrix: 4-connected regions of exact colormap colours, from the largest compact one (a cell or a block;
// grid lines and cell borders cut the matrix into such pieces) grown by every region within 3 px of it. The
// colour bar (long and thin) and the INF swatch lie further away.
Box find_matrix(const RgbImage& img, const std::set<std::array<int, 3>>& lut) {
  std::vector<char> state(img.pixels(), 0);  // 0 unknown, 1 colormap, 2 other or visited
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x)
      state[static_cast<std::size_t>(y) * img.width + x] = lut.count(pixel(img, x, y)) ? 1 : 2;
  std::vector<Box> regions;
  std::vector<std::pair<int, int>> stack;
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      if (state[static_cast<std::size_t>(y) * img.width + x] != 1) continue;
      Box b{x, y, x, y, 0};
      stack.assign(1, {x, y});
      state[static_cast<std::size_t>(y) * img.width + x] = 2;
      while (!stack.empty()) {
        const auto [px, py] = stack.back();
        stack.pop_back();
        ++b.pixels;
        b.x0 = std::min(b.x0, px), b.x1 = std::max(b.x1, px), b.y0 = std::min(b.y0, py), b.y1 = std::max(b.y1, py);
        const int nx[4] = {px - 1, px + 1, px, px}, ny[4] = {py, py, py - 1, py + 1};
        for (int d = 0; d < 4; ++d) {
          if (nx[d] < 0 || ny[d] < 0 || nx[d] >= img.width || ny[d] >= img.height) continue;
          char& s = state[static_cast<std::size_t>(ny[d]) * img.width + nx[d]];
          if (s == 1) s = 2, stack.emplace_back(nx[d], ny[d]);
        }
      }
      regions.push_back(b);
    }
  }
  auto width = [](const Box& b) { return b.x1 - b.x0 + 1; };
  auto height = [](const Box& b) { return b.y1 - b.y0 + 1; };
  std::vector<bool> taken(regions.size(), false);
  Box all;
  for (std::size_t r = 0; r < regions.size(); ++r) {
    const Box& b = regions[r];
    const bool compact = 10 * b.pixels >= 4L * width(b) * height(b) && width(b) <= 3 * height(b) && height(b) <= 3 * width(b);
    if (compact && b.pixels > all.pixels) all = b;
  }
  for (bool grown = true; grown;) {
    grown = false;
    for (std::size_t r = 0; r < regions.size(); ++r) {
      const Box& b = regions[r];
      if (taken[r] || b.pixels < 20 || b.x1 < all.x0 - 3 || b.x0 > all.x1 + 3 || b.y1 < all.y0 - 3 || b.y0 > all.y1 + 3)
        continue;
      taken[r] = grown = true;
      all.x0 = std::min(all.x0, b.x0), all.y0 = std::min(all.y0, b.y0), all.x1 = std::max(all.x1, b.x1),
      all.y1 = std::max(all.y1, b.y1);
    }
  }
  return all;
}

}  // namespace

int count_in_cell(const Args& args) {
  const RgbImage img = load_rgb_png(need(args, "--png"));
  const int scale = std::atoi(need(args, "--scale").c_str());
  int i = -1, j = -1;
  if (std::sscanf(need(args, "--cell").c_str(), "%d:%d", &i, &j) != 2) fail("--cell I:J");
  const std::vector<int> c = rgb_of(need(args, "--rgb"));
  if (scale < 1 || (j + 1) * scale > img.width || (i + 1) * scale > img.height) fail("cell outside the image");
  long count = 0;
  for (int y = i * scale; y < (i + 1) * scale; ++y)
    for (int x = j * scale; x < (j + 1) * scale; ++x) count += has_colour(img.at(x, y), c) ? 1 : 0;
  std::printf("cell (%d, %d): %ld pixels of %d,%d,%d\n", i, j, count, c[0], c[1], c[2]);
  if (count < std::atol(need(args, "--min").c_str())) fail("too few pixels of that colour in the cell");
  return 0;
}

int check_kept_colours(const Args& args) {
  const std::string dir = need(args, "--frames");
  const int block = std::atoi(need(args, "--block").c_str());
  const std::string unit = need(args, "--granularity");
  const bool plain = need(args, "--plain") == "1";
  const std::vector<std::array<int, 3>> entries = load_lut(need(args, "--lut"));
  const std::set<std::array<int, 3>> lut(entries.begin(), entries.end());
  const apsp::Granularity g = unit == "k"       ? apsp::Granularity::KStep
                              : unit == "round" ? apsp::Granularity::Round
                                                : apsp::Granularity::Phase;

  const apsp::Graph graph = apsp::generate(apsp::GeneratorSpec::parse(need(args, "--gen")));
  const int n = graph.n;
  auto solver = apsp::create_solver(plain ? "cpu-naive" : "cpu-blocked", apsp::SolverOptions{block, apsp::DType::I32});
  solver->reset(apsp::to_distance_matrix(graph, block, apsp::DType::I32));
  std::vector<std::vector<std::int32_t>> states;
  apsp::DistanceMatrix out(n, block, apsp::DType::I32);
  solver->read(out);
  states.push_back(out.to_dense());
  while (!solver->finished()) {
    solver->step(g);
    solver->read(out);
    states.push_back(out.to_dense());
  }

  std::vector<std::string> frames;
  for (const auto& e : std::filesystem::directory_iterator(dir)) frames.push_back(e.path().string());
  std::sort(frames.begin(), frames.end());
  if (frames.size() != states.size())
    fail(dir + ": " + std::to_string(frames.size()) + " frames, the run has " + std::to_string(states.size()) +
         " states at this granularity");

  std::vector<std::vector<std::array<int, 3>>> centres;
  for (const std::string& f : frames) {
    const RgbImage img = load_rgb_png(f);
    const Box b = find_matrix(img, lut);
    const int w = b.x1 - b.x0 + 1, h = b.y1 - b.y0 + 1;
    if (w < 8 * n || std::abs(w - h) > 2)
      fail(f + ": no square matrix of at least 8 px a cell found (" + std::to_string(w) + " x " + std::to_string(h) +
           " px)");
    std::vector<std::array<int, 3>> c;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        // The cell's colour: the most frequent colormap colour of its central area (its number is drawn over
        // the very centre).
        std::map<std::array<int, 3>, int> seen;
        for (int y = b.y0 + static_cast<int>((i + 0.3) * h / n); y < b.y0 + static_cast<int>((i + 0.7) * h / n); ++y)
          for (int x = b.x0 + static_cast<int>((j + 0.3) * w / n); x < b.x0 + static_cast<int>((j + 0.7) * w / n); ++x)
            if (lut.count(pixel(img, x, y))) ++seen[pixel(img, x, y)];
        if (seen.empty())
          fail(f + ": the centre of cell (" + std::to_string(i) + ", " + std::to_string(j) + ") has no colormap colour");
        c.push_back(std::max_element(seen.begin(), seen.end(), [](const auto& a, const auto& z) {
                      return a.second < z.second;
                    })->first);
      }
    centres.push_back(std::move(c));
  }

  // Each colour is the lesson range's colour of the cell's distance (what the legend says): unless --range step.
  long off_lesson = 0;
  if (!args.count("--range") || args.at("--range") != "step") {
    const apsp::ValueRange r =
        k_step_extremes(*solver, apsp::to_distance_matrix(graph, block, apsp::DType::I32), n);
    for (std::size_t s = 0; s < states.size(); ++s)
      for (int cell = 0; cell < n * n; ++cell) {
        const auto& want = entries[apsp::encode_value(states[s][cell], r, apsp::kInf32)];
        if (centres[s][cell] != want && off_lesson++ < 5)
          std::fprintf(stderr, "frame %zu: cell (%d, %d) = %d is %d,%d,%d, the lesson range %d..%d gives %d,%d,%d\n", s,
                       cell / n, cell % n, states[s][cell], centres[s][cell][0], centres[s][cell][1],
                       centres[s][cell][2], r.lo, r.hi, want[0], want[1], want[2]);
      }
  }
  long compared = 0, changed = 0, failures = 0;
  for (std::size_t s = 1; s < states.size(); ++s) {
    for (int cell = 0; cell < n * n; ++cell) {
      if (states[s][cell] != states[s - 1][cell]) {
        ++changed;
        continue;
      }
      ++compared;
      if (centres[s][cell] != centres[s - 1][cell] && failures++ < 10) {
        const auto& a = centres[s - 1][cell];
        const auto& b = centres[s][cell];
        std::fprintf(stderr, "frame %zu -> %zu: cell (%d, %d) stays %d but its colour goes %d,%d,%d -> %d,%d,%d\n",
                     s - 1, s, cell / n, cell % n, states[s][cell], a[0], a[1], a[2], b[0], b[1], b[2]);
      }
    }
  }
  std::printf("%s: %zu frames, %ld unchanged cells compared, %ld changes, %ld changed colour\n", dir.c_str(),
              frames.size(), compared, changed, failures);
  if (changed == 0) fail("no distance changed: the frames prove nothing");
  if (failures > 0) fail(std::to_string(failures) + " unchanged cells changed colour");
  if (off_lesson > 0) fail(std::to_string(off_lesson) + " cells not in the lesson range's colour");
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 2) fail("usage: colours_check keep|cell --key value ...");
  const std::string mode = argv[1];
  const Args args = parse_args(argc, argv, 2);
  if (mode == "keep") return check_kept_colours(args);
  if (mode == "cell") return count_in_cell(args);
  fail("unknown mode " + mode);
}
