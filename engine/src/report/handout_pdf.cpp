// A handout as one PDF: a page per step, the step's caption, then D and Π one under the other, the font sized
// so that both tables of up to limits::kMaxHandoutVertices vertices fit an A4 page. A changed cell is bold in a
// grey box with a black outline (the outline survives black-and-white printing).
#include <apsp/report/handout.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "pdf_document.h"

namespace apsp {

namespace {

constexpr double kPageWidth = 595.0, kPageHeight = 842.0;  // A4 in points
constexpr double kMargin = 40.0;
constexpr double kTextWidth = kPageWidth - 2 * kMargin;

/// Greedy word wrap of ASCII @p text at @p width points.
std::vector<std::string> wrap(const std::string& text, pdf::Font font, double size, double width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && pdf::text_width(font, candidate, size) > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = candidate;
    }
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

struct TableLayout {
  double size = 11;       ///< font size of the cells
  double cell_width = 0;  ///< every column, headers included
  double row_height = 0;
};

/// The largest font (14 points down to 6) at which every table of @p h fits the text width, and the two
/// tables of a step with their labels fit @p height.
TableLayout table_layout(const Handout& h, double height) {
  const int tables = (h.tables.distances ? 1 : 0) + (h.tables.predecessors ? 1 : 0);
  TableLayout t;
  for (t.size = 14; t.size > 6; t.size -= 0.5) {
    double widest = pdf::text_width(pdf::Font::Bold, std::to_string(h.n), t.size);
    for (const HandoutStep& step : h.steps)
      for (int i = 0; i < h.n; ++i)
        for (int j = 0; j < h.n; ++j)
          for (const bool pi : {false, true}) {
            if (pi ? !h.tables.predecessors : !h.tables.distances) continue;
            const HandoutCell cell = handout_cell(h, step, pi, i, j);
            widest = std::max(
                widest, cell.infinity ? pdf::text_width(pdf::Font::Symbol, std::string(1, pdf::kSymbolInfinity), t.size)
                                      : pdf::text_width(pdf::Font::Bold, cell.text, t.size));
          }
    t.cell_width = std::ceil(widest + t.size);  // half an em of room on each side
    t.row_height = std::ceil(t.size * 1.8);
    const double needed = tables * ((h.n + 1) * t.row_height + 2.2 * t.size + 12);
    if ((h.n + 1) * t.cell_width <= kTextWidth && needed <= height) break;
  }
  return t;
}

/// One table with its label ("D" or "Π" and the superscript) at the top left (@p x, @p top); returns its bottom.
double pdf_table(pdf::Page& page, const Handout& h, const HandoutStep& step, bool predecessors, const TableLayout& t,
                 double x, double top) {
  const HandoutCaption c = handout_caption(h, step, predecessors);
  const double label = t.size * 1.4;
  double y = top - label;
  if (predecessors)
    page.text(x, y, pdf::Font::Symbol, label, std::string(1, pdf::kSymbolCapitalPi));
  else
    page.text(x, y, pdf::Font::Bold, label, "D");
  if (!c.superscript.empty())
    page.text(x + label * 0.8, y + label * 0.4, pdf::Font::Regular, label * 0.6, c.superscript);
  y -= t.size * 0.8;
  const double w = t.cell_width, rh = t.row_height;
  const auto baseline = [&](int row) { return y - (row + 1) * rh + (rh - t.size) / 2 + t.size * 0.2; };
  for (int v = 0; v < h.n; ++v) {
    const std::string label_text = handout_vertex_text(h, v);
    const double lw = pdf::text_width(pdf::Font::Regular, label_text, t.size);
    page.text(x + (v + 2) * w - t.size / 2 - lw, baseline(0), pdf::Font::Regular, t.size, label_text, 0.35);
    page.text(x + w - t.size / 2 - lw, baseline(v + 1), pdf::Font::Regular, t.size, label_text, 0.35);
  }
  for (int i = 0; i < h.n; ++i)
    for (int j = 0; j < h.n; ++j) {
      const HandoutCell cell = handout_cell(h, step, predecessors, i, j);
      const double cx = x + (j + 1) * w, cy = y - (i + 2) * rh;
      if (cell.changed) page.rect(cx + 1.5, cy + 1.5, w - 3, rh - 3, 0.85, 1.2);
      const pdf::Font font = cell.infinity ? pdf::Font::Symbol : cell.changed ? pdf::Font::Bold : pdf::Font::Regular;
      const std::string text = cell.infinity ? std::string(1, pdf::kSymbolInfinity) : cell.text;
      page.text(cx + w - t.size / 2 - pdf::text_width(font, text, t.size), baseline(i + 1), font, t.size, text);
    }
  page.line(x, y - rh, x + (h.n + 1) * w, y - rh, 0.6);
  page.line(x + w, y, x + w, y - (h.n + 1) * rh, 0.6);
  return y - (h.n + 1) * rh;
}

}  // namespace

std::string handout_pdf(const Handout& h) {
  const std::string title = handout_title(h);
  const std::vector<std::string> note =
      wrap("Bold in a grey box: the cells the step changed. " + handout_note(h), pdf::Font::Regular, 8.5, kTextWidth);
  const double footer_top = kMargin + 12 * static_cast<double>(note.size() + 1);
  // The caption of a step takes at most three lines at 11 points and its numbering one.
  const double tables_top = kPageHeight - kMargin - 22 - 4 * 15 - 6;
  const TableLayout layout = table_layout(h, tables_top - footer_top);
  std::vector<pdf::Page> pages;
  for (std::size_t s = 0; s < h.steps.size(); ++s) {
    const HandoutStep& step = h.steps[s];
    pdf::Page page;
    double y = kPageHeight - kMargin - 12;
    page.text(kMargin, y, pdf::Font::Bold, 12, title);
    y -= 22;
    const HandoutCaption c = handout_caption(h, step, !h.tables.distances);
    for (const std::string& line : wrap(c.text, pdf::Font::Regular, 11, kTextWidth)) {
      page.text(kMargin, y, pdf::Font::Regular, 11, line);
      y -= 15;
    }
    page.text(kMargin, y, pdf::Font::Regular, 11, c.numbering, 0.35);
    y = std::min(y - 21, tables_top);
    if (h.tables.distances) y = pdf_table(page, h, step, false, layout, kMargin, y) - 16;
    if (h.tables.predecessors) pdf_table(page, h, step, true, layout, kMargin, y);
    double fy = kMargin + 12 * static_cast<double>(note.size());
    for (const std::string& line : note) {
      page.text(kMargin, fy, pdf::Font::Regular, 8.5, line, 0.35);
      fy -= 12;
    }
    const std::string number = "page " + std::to_string(s + 1) + " of " + std::to_string(h.steps.size());
    page.text(kPageWidth - kMargin - pdf::text_width(pdf::Font::Regular, number, 8.5), kMargin - 12, pdf::Font::Regular,
              8.5, number, 0.35);
    pages.push_back(std::move(page));
  }
  return pdf::document(pages, title, kPageWidth, kPageHeight);
}

}  // namespace apsp
