// Checks the files apsp-studio writes in its scripted mode, against the engine (independently of GL):
//   heatmap     every pixel == colormap[encode_value(d[i][j])], d from a distance file or the stepping API
//   cells       --heatmap-scale S >= 8 with overlays on: every cell's centre keeps its colormap colour
//   layout      --stats-json "layout": windows inside the display, none with contents past its edges
//   scaled      a --heatmap-scale S image is the 1x image with each pixel repeated S x S times
//   align       block outlines on the blocks' texel boundaries, also in tiled views (no L-shaped pivot)
//   screenshot  not blank: many distinct colours, the panels' title bars in the left, middle and right thirds
//   timings     the CSV header is the documented one, one row per (round, phase) besides transfers (round -1)
//   plots       the live plots in a screenshot: each phase colour in the bar chart and in the GB/s chart, the
//               updates/s line in the third chart
//   stats       --stats-json: every documented field, with sane values
//   same        two PNGs of the same size are identical pixel for pixel
//   bands       multi-GPU row bands with overlays on: the strip at column 0 has each GPU's colour over its rows,
//               the rest carries no band colour (no tint)
//   gpu_plots   the multi-GPU plots in a screenshot: each GPU's mark under the per-GPU bars, the communication
//               colour, the compute line
#include <apsp/core/distance_matrix.h>
#include <apsp/graph/generators.h>
#include <apsp/graph/graph.h>
#include <apsp/io/distance_io.h>
#include <apsp/report/timings_csv.h>
#include <apsp/solve/registry.h>
#include <apsp/view/view.h>
#include <stb_image.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "check_tool.h"

namespace {

using namespace apsp::check_tool;

struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::array<unsigned char, 3>> pixels;
  const std::array<unsigned char, 3>& at(int x, int y) const {
    return pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)];
  }
};

Image load_png(const std::string& path) {
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 3);
  if (!data) fail(path + ": cannot read PNG");
  Image img;
  img.width = w;
  img.height = h;
  img.pixels.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  for (std::size_t i = 0; i < img.pixels.size(); ++i) img.pixels[i] = {data[i * 3], data[i * 3 + 1], data[i * 3 + 2]};
  stbi_image_free(data);
  return img;
}

// Parsed independently of the app: '#' comments, then 257 "R G B" lines (256 colormap entries + INF).
std::vector<std::array<unsigned char, 3>> load_lut(const std::string& path) {
  std::ifstream in(path);
  if (!in) fail(path + ": cannot open colormap");
  std::vector<std::array<unsigned char, 3>> lut;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    int r, g, b;
    if (!(s >> r >> g >> b)) fail(path + ": bad line '" + line + "'");
    lut.push_back({static_cast<unsigned char>(r), static_cast<unsigned char>(g), static_cast<unsigned char>(b)});
  }
  if (lut.size() != 257) fail(path + ": expected 257 entries, got " + std::to_string(lut.size()));
  return lut;
}

std::vector<std::int32_t> stepped_distances(const std::string& spec, int block, int rounds, int phases, int& n) {
  apsp::Graph g = apsp::generate(apsp::GeneratorSpec::parse(spec));
  apsp::DistanceMatrix initial = apsp::to_distance_matrix(g, block, apsp::DType::I32);
  // cpu-naive, not the cpu-blocked the studio runs: the contract says both pass through the same states after
  // each round. Single phases exist only in the blocked variant (a naive "phase" is a whole round).
  auto solver =
      apsp::create_solver(phases > 0 ? "cpu-blocked" : "cpu-naive", apsp::SolverOptions{block, apsp::DType::I32});
  solver->reset(initial);
  for (int r = 0; r < rounds && !solver->finished(); ++r) solver->step(apsp::Granularity::Round);
  for (int p = 0; p < phases && !solver->finished(); ++p) solver->step(apsp::Granularity::Phase);
  apsp::DistanceMatrix out(g.n, block, apsp::DType::I32);
  solver->read(out);
  n = g.n;
  return out.to_dense();
}

// The view the studio should show: tiles (the minimum of each texel's cells, view.h geometry) of the distances
// given by --distances FILE or by stepping --gen SPEC --block B --rounds R [--phases P], and their range.
struct ExpectedView {
  apsp::ViewGeometry g;
  std::vector<std::int32_t> tiles;
  apsp::ValueRange range;
  std::uint16_t code(int y, int x) const {
    return apsp::encode_value(
        tiles[static_cast<std::size_t>(y) * static_cast<std::size_t>(g.cols) + static_cast<std::size_t>(x)], range,
        apsp::kInf32);
  }
};

ExpectedView expected_view(const std::map<std::string, std::string>& args) {
  std::vector<std::int32_t> d;
  int n = 0;
  if (args.count("--distances")) {
    apsp::DenseDistances dense = apsp::read_distances(args.at("--distances"));
    d = std::move(dense.values);
    n = dense.n;
  } else {
    int block = std::stoi(need(args, "--block"));
    int rounds = std::stoi(need(args, "--rounds"));
    int phases = args.count("--phases") ? std::stoi(args.at("--phases")) : 0;
    d = stepped_distances(need(args, "--gen"), block, rounds, phases, n);
    if (args.count("--expect-partial")) {
      // The comparison only proves something if the stepped state differs from both ends of the solve.
      int n2 = 0;
      auto first = stepped_distances(need(args, "--gen"), block, 0, 0, n2);
      auto last = stepped_distances(need(args, "--gen"), block, 1 << 30, 0, n2);
      if (d == first || d == last) fail("test graph too easy: the stepped matrix equals the initial or final one");
    }
  }
  // With a texture budget below n the image is the tile-minimum view (view.h geometry), computed here from d.
  int budget = args.count("--budget") ? std::stoi(args.at("--budget")) : apsp::kDefaultViewBudget;
  ExpectedView v;
  v.g = apsp::make_view_geometry(n, budget);
  const apsp::ViewGeometry& g = v.g;
  v.tiles.assign(g.texels(), apsp::kInf32);
  for (int y = 0; y < g.rows; ++y) {
    for (int x = 0; x < g.cols; ++x) {
      std::int32_t m = apsp::kInf32;
      for (int i = g.row_begin(y); i < g.row_begin(y + 1); ++i) {
        for (int j = g.col_begin(x); j < g.col_begin(x + 1); ++j) {
          m = std::min(m, d[static_cast<std::size_t>(i) * static_cast<std::size_t>(n) + static_cast<std::size_t>(j)]);
        }
      }
      v.tiles[static_cast<std::size_t>(y) * static_cast<std::size_t>(g.cols) + static_cast<std::size_t>(x)] = m;
    }
  }
  v.range = apsp::finite_range(v.tiles.data(), v.tiles.size(), apsp::kInf32);
  return v;
}

int check_heatmap(const std::map<std::string, std::string>& args) {
  Image img = load_png(need(args, "--png"));
  auto lut = load_lut(need(args, "--lut"));
  const ExpectedView v = expected_view(args);
  const apsp::ViewGeometry& g = v.g;
  if (img.width != g.cols || img.height != g.rows) {
    fail("image is " + std::to_string(img.width) + "x" + std::to_string(img.height) + ", expected " +
         std::to_string(g.cols) + "x" + std::to_string(g.rows));
  }
  std::size_t mismatches = 0, inf_cells = 0;
  std::set<int> codes_seen;
  for (int i = 0; i < g.rows; ++i) {
    for (int j = 0; j < g.cols; ++j) {
      std::uint16_t code = v.code(i, j);
      codes_seen.insert(code);
      if (code == apsp::kViewInfCode) ++inf_cells;
      const auto& want = lut[code];
      const auto& got = img.at(j, i);
      if (got != want) {
        if (mismatches < 5) {
          std::fprintf(stderr, "pixel (x=%d, y=%d): got %d %d %d, want %d %d %d (code %d)\n", j, i, got[0], got[1],
                       got[2], want[0], want[1], want[2], code);
        }
        ++mismatches;
      }
    }
  }
  std::printf("heatmap %dx%d (n = %d), range %d..%d, %zu distinct codes, %zu INF texels, %zu mismatches\n", g.cols,
              g.rows, g.n, v.range.lo, v.range.hi, codes_seen.size(), inf_cells, mismatches);
  std::size_t min_codes = args.count("--min-codes") ? std::stoul(args.at("--min-codes")) : 8;
  if (codes_seen.size() < min_codes) fail("too few distinct colours for a meaningful comparison");
  if (mismatches) fail(std::to_string(mismatches) + " pixels differ from the colormap of the distances");
  return 0;
}

// --heatmap-scale S >= 8 with overlays on: the central area of every cell (texel), the pixels at least S/4 from
// its edges, is exactly colormap[encode_value(d)]; and the overlays drew something in the rims.
int check_cell_centres(const std::map<std::string, std::string>& args) {
  Image img = load_png(need(args, "--png"));
  auto lut = load_lut(need(args, "--lut"));
  const int scale = std::stoi(need(args, "--scale"));
  if (scale < 8) fail("--scale must be 8 or more: smaller cells have no centre the overlays keep");
  const ExpectedView v = expected_view(args);
  const apsp::ViewGeometry& g = v.g;
  if (img.width != g.cols * scale || img.height != g.rows * scale) {
    fail("image is " + std::to_string(img.width) + "x" + std::to_string(img.height) + ", expected " +
         std::to_string(g.cols * scale) + "x" + std::to_string(g.rows * scale));
  }
  const int margin = (scale + 3) / 4;
  std::size_t centre_px = 0, centre_bad = 0, rim_px = 0, rim_drawn = 0;
  for (int ty = 0; ty < g.rows; ++ty) {
    for (int tx = 0; tx < g.cols; ++tx) {
      const auto& want = lut[v.code(ty, tx)];
      for (int oy = 0; oy < scale; ++oy) {
        for (int ox = 0; ox < scale; ++ox) {
          const auto& got = img.at(tx * scale + ox, ty * scale + oy);
          const bool centre = ox >= margin && oy >= margin && ox < scale - margin && oy < scale - margin;
          if (centre) {
            ++centre_px;
            if (got != want) {
              if (centre_bad < 5) {
                std::fprintf(stderr, "cell (%d, %d), pixel (%d, %d): got %d %d %d, want %d %d %d\n", ty, tx, ox, oy,
                             got[0], got[1], got[2], want[0], want[1], want[2]);
              }
              ++centre_bad;
            }
          } else {
            ++rim_px;
            rim_drawn += got != want ? 1 : 0;
          }
        }
      }
    }
  }
  std::printf("%d x %d cells at %d px: %zu centre pixels, %zu differ; %zu of %zu rim pixels carry overlays\n", g.cols,
              g.rows, scale, centre_px, centre_bad, rim_drawn, rim_px);
  if (centre_bad) fail(std::to_string(centre_bad) + " centre pixels differ from the colormap colour of their cell");
  const std::size_t min_rim = args.count("--min-overlay-px") ? std::stoul(args.at("--min-overlay-px")) : 1;
  if (rim_drawn < min_rim) fail("the overlays drew (almost) nothing: is --overlays on?");
  return 0;
}

// Overlay colours of render/overlay_style.h as 8-bit values.
constexpr std::array<unsigned char, 3> kPivotColour{220, 80, 0};
constexpr std::array<unsigned char, 3> kRowColColour{87, 181, 232};
constexpr std::array<unsigned char, 3> kDark{0, 0, 0};

// Texel span [lo, hi) of every block along one axis, computed the plain way: texel t belongs to the block of the
// first cell it covers (view.h: t * n / texels). A block that owns no texel gets lo == hi.
std::vector<std::pair<int, int>> block_spans(int n, int texels, int block) {
  const int blocks = (n + block - 1) / block;
  std::vector<std::pair<int, int>> spans(static_cast<std::size_t>(blocks), {-1, -1});
  for (int t = 0; t < texels; ++t) {
    const int b = static_cast<int>(static_cast<std::int64_t>(t) * n / texels) / block;
    auto& s = spans[static_cast<std::size_t>(b)];
    if (s.first < 0) s.first = t;
    s.second = t + 1;
  }
  for (auto& s : spans) {
    if (s.first < 0) s = {0, 0};
  }
  return spans;
}

// Block outlines in a (possibly tiled) view at --scale S: the pivot block of round --round has a solid outline in
// the pivot colour all along its texel span's outer edge, and no pivot-coloured pixel lies outside that span (an
// L-shaped or shifted pivot fails); with --phase 2 or 3 (the phase just done) every pivot row/column block has a
// dashed outline (pivot-row/column colour and dark) on its span's outer edge and that colour appears nowhere else.
int check_alignment(const std::map<std::string, std::string>& args) {
  Image img = load_png(need(args, "--png"));
  const int n = std::stoi(need(args, "--n"));
  const int block = std::stoi(need(args, "--block"));
  const int round = std::stoi(need(args, "--round"));
  const int phase = std::stoi(need(args, "--phase"));
  const int scale = std::stoi(need(args, "--scale"));
  const int budget = args.count("--budget") ? std::stoi(args.at("--budget")) : apsp::kDefaultViewBudget;
  const apsp::ViewGeometry g = apsp::make_view_geometry(n, budget);
  if (img.width != g.cols * scale || img.height != g.rows * scale) fail("image size is not texels x --scale");
  const auto cols = block_spans(n, g.cols, block), rows = block_spans(n, g.rows, block);
  struct Box {
    int x0, y0, x1, y1;  // pixels, [x0, x1) x [y0, y1)
    bool contains(int x, int y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
    bool on_edge(int x, int y) const { return contains(x, y) && (x == x0 || y == y0 || x == x1 - 1 || y == y1 - 1); }
  };
  auto box = [&](int bi, int bj) {
    const auto& r = rows[static_cast<std::size_t>(bi)];
    const auto& c = cols[static_cast<std::size_t>(bj)];
    return Box{c.first * scale, r.first * scale, c.second * scale, r.second * scale};
  };
  const Box pivot = box(round, round);
  std::vector<Box> rowcol;
  const int blocks = static_cast<int>(rows.size());
  for (int b = 0; b < blocks; ++b) {
    if (b == round) continue;
    rowcol.push_back(box(round, b));
    rowcol.push_back(box(b, round));
  }
  std::size_t pivot_edge = 0, pivot_edge_ok = 0, pivot_outside = 0;
  std::size_t rc_edge = 0, rc_edge_hue = 0, rc_edge_bad = 0, rc_outside = 0;
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      const auto& p = img.at(x, y);
      if (pivot.on_edge(x, y)) {
        ++pivot_edge;
        pivot_edge_ok += p == kPivotColour ? 1 : 0;
      }
      if (p == kPivotColour && !pivot.contains(x, y)) ++pivot_outside;
      bool in_rowcol = false;
      for (const Box& b : rowcol) {
        if (b.contains(x, y)) in_rowcol = true;
        if (phase >= 2 && b.on_edge(x, y)) {
          ++rc_edge;
          rc_edge_hue += p == kRowColColour ? 1 : 0;
          rc_edge_bad += p != kRowColColour && p != kDark ? 1 : 0;
        }
      }
      if (p == kRowColColour && !in_rowcol) ++rc_outside;
    }
  }
  std::printf(
      "pivot span texels x %d..%d, y %d..%d: %zu/%zu edge pixels in the pivot colour, %zu outside; "
      "row/col edges: %zu/%zu in their colour, %zu neither it nor dark, %zu of their colour outside\n",
      pivot.x0 / scale, pivot.x1 / scale - 1, pivot.y0 / scale, pivot.y1 / scale - 1, pivot_edge_ok, pivot_edge,
      pivot_outside, rc_edge_hue, rc_edge, rc_edge_bad, rc_outside);
  if (pivot_edge == 0) fail("the pivot block owns no texel in this view");
  if (pivot_edge_ok != pivot_edge) fail("the pivot outline does not follow the pivot block's texel boundary");
  if (pivot_outside) fail("pivot-coloured pixels outside the pivot block (misaligned or L-shaped pivot)");
  if (phase >= 2) {
    if (rc_edge_bad) fail("the row/column outlines leave their blocks' texel boundaries");
    if (rc_edge_hue * 4 < rc_edge) fail("the row/column outlines are missing");
  } else if (rc_edge_hue + rc_outside > 0) {
    fail("row/column outlines drawn after phase 1");
  }
  if (rc_outside) fail("row/column-coloured pixels outside the pivot row/column blocks");
  return 0;
}

int check_screenshot(const std::map<std::string, std::string>& args) {
  Image img = load_png(need(args, "--png"));
  if (img.width < 640 || img.height < 400) fail("screenshot too small");
  std::map<std::uint32_t, std::size_t> histogram;
  for (const auto& p : img.pixels) ++histogram[(std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2]];
  std::size_t most = 0;
  for (const auto& [c, count] : histogram) most = std::max(most, count);
  // Title bar colour of the theme (ImGuiCol_TitleBg = 0.16, 0.22, 0.34): one per panel column.
  std::array<std::size_t, 3> title_pixels{};
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      const auto& p = img.at(x, y);
      if (p[0] == 41 && p[1] == 56 && p[2] == 87) ++title_pixels[static_cast<std::size_t>(x * 3 / img.width)];
    }
  }
  // Heatmap present: many colours of the colormap LUT.
  std::size_t lut_colours = 0;
  if (args.count("--lut")) {
    auto lut = load_lut(args.at("--lut"));
    for (int i = 0; i < 256; ++i) {
      std::uint32_t key = (std::uint32_t(lut[i][0]) << 16) | (std::uint32_t(lut[i][1]) << 8) | lut[i][2];
      lut_colours += histogram.count(key) ? 1 : 0;
    }
  }
  std::printf("%dx%d, %zu distinct colours, most common covers %.1f%%, title-bar pixels %zu/%zu/%zu, %zu LUT colours\n",
              img.width, img.height, histogram.size(),
              100.0 * static_cast<double>(most) / static_cast<double>(img.pixels.size()), title_pixels[0],
              title_pixels[1], title_pixels[2], lut_colours);
  if (histogram.size() < 64) fail("too few distinct colours: blank screenshot?");
  if (most * 10 > img.pixels.size() * 9) fail("one colour covers more than 90% of the screenshot");
  for (std::size_t t : title_pixels) {
    if (t < 500) fail("a panel column is missing (no title bar in one third of the window)");
  }
  if (args.count("--lut") && lut_colours < 32) fail("the heatmap's colormap barely appears");
  return 0;
}

std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out;
  std::string cell;
  std::istringstream s(line);
  while (std::getline(s, cell, ',')) out.push_back(cell);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

int check_timings(const std::map<std::string, std::string>& args) {
  std::string path = need(args, "--csv");
  int rounds = std::stoi(need(args, "--rounds"));
  std::ifstream in(path);
  if (!in) fail(path + ": cannot open");
  std::string header;
  // Leading "# key: value" lines carry the run's context (README "Export context"); the header follows them.
  int comments = 0;
  while (std::getline(in, header) && header.rfind("# ", 0) == 0) ++comments;
  if (comments == 0) fail("no context comments before the header");
  if (header != apsp::timings_csv_header()) fail("header '" + header + "' is not the documented one");
  auto columns = split_csv(header);
  auto col = [&](const std::string& name) {
    for (std::size_t i = 0; i < columns.size(); ++i) {
      if (columns[i] == name) return i;
    }
    fail("header lacks column " + name);
  };
  std::size_t c_round = col("round"), c_phase = col("phase"), c_ms = col("ms");
  std::set<std::pair<int, std::string>> seen;
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    auto cells = split_csv(line);
    if (cells.size() != columns.size())
      fail("row " + std::to_string(rows + 1) + " has " + std::to_string(cells.size()) + " cells");
    if (cells[c_round].empty()) continue;  // a transfer outside the rounds (upload)
    auto key = std::make_pair(std::stoi(cells[c_round]), cells[c_phase]);
    if (!seen.insert(key).second) fail("duplicate row for round " + cells[c_round] + " phase " + cells[c_phase]);
    if (std::stod(cells[c_ms]) < 0) fail("negative time");
    if (key.first < 0) continue;  // a transfer outside the rounds (the upload: on the CPU the copy into the solver)
    ++rows;
  }
  for (int r = 0; r < rounds; ++r) {
    for (const char* p : {"pivot", "rowcol", "independent"}) {
      if (!seen.count({r, p})) fail("no row for round " + std::to_string(r) + " phase " + p);
    }
  }
  if (rows != rounds * 3) fail(std::to_string(rows) + " rows, expected " + std::to_string(rounds * 3));
  std::printf("%d rows, header ok\n", rows);
  return 0;
}

// Pixels near @p colour (each channel within @p tolerance: lines are antialiased) inside a rectangle.
std::size_t count_near(const Image& img, int x0, int y0, int x1, int y1, std::array<int, 3> colour, int tolerance) {
  std::size_t n = 0;
  for (int y = std::max(0, y0); y < std::min(img.height, y1); ++y) {
    for (int x = std::max(0, x0); x < std::min(img.width, x1); ++x) {
      const auto& p = img.at(x, y);
      bool near = true;
      for (int c = 0; c < 3; ++c) near = near && std::abs(int(p[c]) - colour[c]) <= tolerance;
      n += near ? 1 : 0;
    }
  }
  return n;
}

int check_plots(const std::map<std::string, std::string>& args) {
  Image img = load_png(need(args, "--png"));
  // The right column (the app's layout: the rightmost ~30%) holds "Per round" in its upper half: three charts
  // of equal height, stacked bars first, then GB/s, then updates/s.
  const int x0 = img.width * 7 / 10, x1 = img.width;
  const int top = 0, bottom = img.height / 2;
  const int third = (bottom - top) / 3;
  // Phase colours of ui/widgets.cpp phase_color(), as ImGui rounds them to 8 bits.
  const std::array<std::array<int, 3>, 3> phases = {{{255, 115, 26}, {38, 204, 242}, {166, 140, 242}}};
  const char* names[] = {"phase 1", "phase 2", "phase 3"};
  // Each chart's legend sits in its top quarter: only what is below it (bars, lines) counts.
  for (int chart = 0; chart < 2; ++chart) {
    for (int p = 0; p < 3; ++p) {
      std::size_t n =
          count_near(img, x0, top + chart * third + third / 4, x1, top + (chart + 1) * third, phases[p], 24);
      std::printf("chart %d, %s: %zu pixels\n", chart + 1, names[p], n);
      if (n < 20) fail(std::string(names[p]) + " colour missing from plot " + std::to_string(chart + 1));
    }
  }
  std::size_t white = count_near(img, x0, top + 2 * third + third / 4, x1, bottom, {242, 242, 242}, 24);
  std::printf("chart 3, updates/s line: %zu pixels\n", white);
  if (white < 20) fail("the updates/s line is missing");
  return 0;
}

// GPU colours of render/overlay_style.h (GPU 0 green, GPU 1 blue, ...), as 8-bit values.
const std::array<std::array<int, 3>, 4> kGpuColours = {{{51, 204, 77}, {64, 115, 255}, {242, 64, 64}, {204, 158, 77}}};

bool near_colour(const std::array<unsigned char, 3>& p, const std::array<int, 3>& c, int tolerance) {
  for (int i = 0; i < 3; ++i) {
    if (std::abs(int(p[i]) - c[i]) > tolerance) return false;
  }
  return true;
}

int check_bands(const std::map<std::string, std::string>& args) {
  Image on = load_png(need(args, "--on"));
  Image off = load_png(need(args, "--off"));
  if (on.width != off.width || on.height != off.height) fail("--on and --off differ in size");
  // --ends "256,400": GPU i owns rows [end[i-1], end[i]).
  std::vector<int> ends;
  std::stringstream list(need(args, "--ends"));
  for (std::string item; std::getline(list, item, ',');) ends.push_back(std::stoi(item));
  if (ends.empty() || ends.size() > kGpuColours.size() || ends.back() != on.height) fail("bad --ends");
  int begin = 0;
  for (std::size_t g = 0; g < ends.size(); ++g) {
    for (int y = begin; y < ends[g]; ++y) {
      if (!near_colour(on.at(0, y), kGpuColours[g], 3))
        fail("row " + std::to_string(y) + ", column 0: not GPU " + std::to_string(g) + "'s colour");
    }
    begin = ends[g];
  }
  // Away from the strip the bands draw nothing (overlays never tint a cell): no pixel there takes a
  // GPU's strip colour, while the strip is at most 1/64 of the image plus a pixel wide.
  std::size_t coloured = 0, total = 0;
  const int strip = on.width / 64 + 2;
  for (int y = 0; y < on.height; ++y) {
    for (int x = strip; x < on.width; ++x) {
      ++total;
      for (std::size_t g = 0; g < ends.size(); ++g) coloured += near_colour(on.at(x, y), kGpuColours[g], 3) ? 1 : 0;
    }
  }
  std::printf("bands: %zu GPUs, strip ok; %zu of %zu pixels right of the strip in a GPU colour\n", ends.size(),
              coloured, total);
  if (coloured) fail("band colours away from the strip: the bands tint the matrix");
  return 0;
}

int check_no_bands(const std::map<std::string, std::string>& args) {
  // One GPU: no row of column 0 carries a GPU colour.
  Image img = load_png(need(args, "--png"));
  for (int y = 0; y < img.height; ++y) {
    for (const auto& c : kGpuColours) {
      if (near_colour(img.at(0, y), c, 3)) fail("row " + std::to_string(y) + ": a GPU band strip with one GPU");
    }
  }
  std::printf("no band strip\n");
  return 0;
}

int check_gpu_plots(const std::map<std::string, std::string>& args) {
  Image img = load_png(need(args, "--png"));
  const int gpus = std::stoi(need(args, "--gpus"));
  // The right column's "Per round" window takes the top 62% with several GPUs: per-GPU bars, comm vs
  // compute, critical path, one third each.
  const int x0 = img.width * 7 / 10, x1 = img.width;
  const int bottom = img.height * 62 / 100;
  const int third = bottom / 3;
  for (int g = 0; g < gpus; ++g) {
    std::size_t n = count_near(img, x0, third / 4, x1, third + third / 8, kGpuColours[static_cast<std::size_t>(g)], 6);
    std::printf("per-GPU bars, GPU %d marks: %zu pixels\n", g, n);
    if (n < 10) fail("GPU " + std::to_string(g) + "'s mark is missing under the per-GPU bars");
  }
  std::size_t comm = count_near(img, x0, third / 4, x1, third, {242, 217, 77}, 24);
  std::printf("per-GPU bars, comm: %zu pixels\n", comm);
  if (comm < 20) fail("communication is missing from the per-GPU bars");
  std::size_t compute = count_near(img, x0, third + third / 4, x1, 2 * third, {242, 242, 242}, 24);
  std::size_t comm_line = count_near(img, x0, third + third / 4, x1, 2 * third, {242, 217, 77}, 24);
  std::printf("comm vs compute: compute %zu, comm %zu pixels\n", compute, comm_line);
  if (compute < 20 || comm_line < 20) fail("the comm vs compute plot lacks a line");
  return 0;
}

int check_stats(const std::map<std::string, std::string>& args) {
  std::ifstream in(need(args, "--json"));
  if (!in) fail("cannot open the stats file");
  nlohmann::json j = nlohmann::json::parse(in);
  auto need_key = [&](const nlohmann::json& o, const char* key) -> const nlohmann::json& {
    if (!o.contains(key)) fail(std::string("missing field ") + key);
    return o.at(key);
  };
  for (const char* key : {"heatmap_path", "heatmap_path_reason", "backend", "device", "platform", "dtype"}) {
    if (!need_key(j, key).is_string()) fail(std::string(key) + " is not a string");
  }
  for (const char* key : {"n", "block", "rounds"}) {
    if (!need_key(j, key).is_number_integer()) fail(std::string(key) + " is not an integer");
  }
  auto sane_summary = [&](const nlohmann::json& s, const char* what, bool must_have) {
    std::size_t count = need_key(s, "count").get<std::size_t>();
    double med = need_key(s, "median_ms").get<double>(), p95 = need_key(s, "p95_ms").get<double>();
    double mx = need_key(s, "max_ms").get<double>(), mean = need_key(s, "mean_ms").get<double>();
    if (must_have && count == 0) fail(std::string(what) + ": no samples");
    if (count > 0 && !(0 <= med && med <= p95 && p95 <= mx && mean <= mx && mean >= 0))
      fail(std::string(what) + ": median/p95/max out of order");
    std::printf("%s: %zu, median %.3f ms, p95 %.3f ms\n", what, count, med, p95);
  };
  const bool frames = args.count("--expect-frames") > 0;
  sane_summary(need_key(j, "frame"), "frame", frames);
  sane_summary(need_key(j, "frame_work"), "frame_work", frames);
  const auto& u = need_key(j, "heatmap_update");
  sane_summary(u, "heatmap_update", true);
  for (const char* part : {"gpu_reduce", "gpu_encode", "map_unmap", "host_encode", "upload"})
    sane_summary(need_key(u, part), part, false);
  const auto& solve = need_key(j, "solve");
  for (const char* key : {"first_run_ms", "view_on_ms", "view_off_ms", "on_off_ratio"}) need_key(solve, key);
  if (args.count("--expect-solve")) {
    for (const char* key : {"first_run_ms", "view_on_ms", "view_off_ms", "on_off_ratio"}) {
      if (!solve.at(key).is_number() || solve.at(key).get<double>() <= 0)
        fail(std::string("solve.") + key + " not positive");
    }
  }
  const auto& view = need_key(j, "view");
  if (need_key(view, "rows").get<int>() <= 0 || need_key(view, "cols").get<int>() <= 0) fail("empty view");
  for (const char* key : {"--path", "--backend", "--device"}) {
    if (!args.count(key)) continue;
    std::string field = std::string(key).substr(2) == "path" ? "heatmap_path" : std::string(key).substr(2);
    if (j.at(field).get<std::string>() != args.at(key))
      fail(field + " is '" + j.at(field).get<std::string>() + "', expected '" + args.at(key) + "'");
  }
  if (args.count("--n") && j.at("n").get<int>() != std::stoi(args.at("--n"))) fail("n differs");
  // An idle window renders on input only; a playing one at the full rate.
  if (args.count("--max-idle-fps")) {
    const auto& idle = need_key(j, "idle");
    const double fps = need_key(idle, "fps").get<double>();
    std::printf("idle: %zu frames in %.2f s, %.2f fps (of %zu frames)\n", need_key(idle, "frames").get<std::size_t>(),
                need_key(idle, "seconds").get<double>(), fps, need_key(j, "frames_rendered").get<std::size_t>());
    if (need_key(idle, "seconds").get<double>() < 1.0) fail("the run was not idle for a second");
    if (fps > std::stod(args.at("--max-idle-fps"))) fail("an idle window keeps rendering");
  }
  if (args.count("--min-active-fps")) {
    const double mean = j.at("frame").at("mean_ms").get<double>();
    const double fps = mean > 0 ? 1000.0 / mean : 0;
    std::printf("playing or solving: %.1f fps\n", fps);
    if (fps < std::stod(args.at("--min-active-fps"))) fail("a playing window renders too slowly");
  }
  std::printf("stats ok: %s, %s, n = %d\n", j.at("heatmap_path").get<std::string>().c_str(),
              j.at("backend").get<std::string>().c_str(), j.at("n").get<int>());
  return 0;
}

// --heatmap-scale S: --png is the --of image with every pixel repeated S x S times.
int check_scaled(const std::map<std::string, std::string>& args) {
  Image big = load_png(need(args, "--png")), small = load_png(need(args, "--of"));
  const int scale = std::stoi(need(args, "--scale"));
  if (big.width != small.width * scale || big.height != small.height * scale) fail("size is not --of times --scale");
  std::size_t differ = 0;
  for (int y = 0; y < big.height; ++y) {
    for (int x = 0; x < big.width; ++x) differ += big.at(x, y) != small.at(x / scale, y / scale) ? 1 : 0;
  }
  std::printf("%dx%d at scale %d: %zu pixels differ from the 1x image\n", big.width, big.height, scale, differ);
  if (differ) fail("the scaled image is not the 1x image enlarged");
  return 0;
}

// --stats-json "layout": every recorded window lies inside the display and none has contents past its edges
// (a Fit button off the right edge, a legend or plot below the bottom); --expect "A,B" names windows that must
// be there, --absent "C" ones that must not (presentation mode hides the side panels).
int check_layout(const std::map<std::string, std::string>& args) {
  std::ifstream in(need(args, "--json"));
  if (!in) fail("cannot open the stats file");
  const nlohmann::json j = nlohmann::json::parse(in);
  if (!j.contains("layout")) fail("no layout field");
  const auto& layout = j.at("layout");
  const double dw = layout.at("display").at("w").get<double>(), dh = layout.at("display").at("h").get<double>();
  if (dw <= 0 || dh <= 0) fail("no display size");
  std::set<std::string> seen;
  for (const auto& w : layout.at("windows")) {
    const std::string name = w.at("name").get<std::string>();
    seen.insert(name);
    const double x = w.at("x").get<double>(), y = w.at("y").get<double>();
    const double ww = w.at("w").get<double>(), wh = w.at("h").get<double>();
    std::printf("%s: %.0f,%.0f %.0fx%.0f in %.0fx%.0f, contents to %.0f,%.0f%s\n", name.c_str(), x, y, ww, wh, dw, dh,
                w.at("content_right").get<double>(), w.at("content_bottom").get<double>(),
                w.at("clipped").get<bool>() ? " CLIPPED" : "");
    if (x < -0.5 || y < -0.5 || x + ww > dw + 0.5 || y + wh > dh + 0.5) fail(name + " lies outside the display");
    if (w.at("clipped").get<bool>()) fail(name + ": its contents reach past its edges (clipped)");
  }
  auto names = [](const std::string& list) {
    std::vector<std::string> out;
    std::stringstream ss(list);
    for (std::string item; std::getline(ss, item, ',');) out.push_back(item);
    return out;
  };
  if (args.count("--expect")) {
    for (const std::string& n : names(args.at("--expect")))
      if (!seen.count(n)) fail("window " + n + " missing");
  }
  if (args.count("--absent")) {
    for (const std::string& n : names(args.at("--absent")))
      if (seen.count(n)) fail("window " + n + " shown");
  }
  return 0;
}

int check_same(const std::map<std::string, std::string>& args) {
  Image a = load_png(need(args, "--a")), b = load_png(need(args, "--b"));
  if (a.width != b.width || a.height != b.height) fail("sizes differ");
  std::size_t differ = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i) differ += a.pixels[i] != b.pixels[i] ? 1 : 0;
  std::printf("%dx%d, %zu pixels differ\n", a.width, a.height, differ);
  if (differ) fail("images differ");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: studio_image_check heatmap|cells|align|screenshot|timings --key value ...\n");
    return 2;
  }
  std::string mode = argv[1];
  auto args = parse_args(argc, argv, 2);
  try {
    if (mode == "heatmap") return check_heatmap(args);
    if (mode == "cells") return check_cell_centres(args);
    if (mode == "align") return check_alignment(args);
    if (mode == "scaled") return check_scaled(args);
    if (mode == "layout") return check_layout(args);
    if (mode == "screenshot") return check_screenshot(args);
    if (mode == "timings") return check_timings(args);
    if (mode == "plots") return check_plots(args);
    if (mode == "stats") return check_stats(args);
    if (mode == "same") return check_same(args);
    if (mode == "bands") return check_bands(args);
    if (mode == "no_bands") return check_no_bands(args);
    if (mode == "gpu_plots") return check_gpu_plots(args);
  } catch (const std::exception& e) {
    fail(e.what());
  }
  fail("unknown mode " + mode);
}
