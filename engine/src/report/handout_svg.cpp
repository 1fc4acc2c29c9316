// A handout step as SVG: plain rect, line and text elements (no CSS, no scripts, no fonts embedded), so any
// browser, Inkscape or a slide tool shows it the same. A changed cell is bold in a grey box with a black
// outline: the outline survives black-and-white printing.
#include <apsp/report/handout.h>

#include <algorithm>
#include <string>

namespace apsp {

namespace {

constexpr int kMargin = 16;
constexpr int kRowHeight = 26;
constexpr int kCaptionLine = 20;
constexpr int kLabelLine = 24;
constexpr int kTableGap = 40;
constexpr const char* kInfinity = "\xE2\x88\x9E";  // U+221E
constexpr const char* kPi = "\xCE\xA0";            // U+03A0

std::string xml_text(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

/// Width of a column: the longest text of any table of the step (digits are about 0.6 em at 16 px).
int column_width(const Handout& h, const HandoutStep& step) {
  std::size_t chars = std::to_string(h.n).size();
  for (int i = 0; i < h.n; ++i)
    for (int j = 0; j < h.n; ++j) {
      if (h.tables.distances) chars = std::max(chars, handout_cell(h, step, false, i, j).text.size());
      if (h.tables.predecessors) chars = std::max(chars, handout_cell(h, step, true, i, j).text.size());
    }
  return std::max(34, static_cast<int>(chars) * 10 + 16);
}

void svg_table(std::string& out, const Handout& h, const HandoutStep& step, bool predecessors, int x0, int y0, int cw) {
  const HandoutCaption c = handout_caption(h, step, predecessors);
  out += "<text x=\"" + std::to_string(x0) + "\" y=\"" + std::to_string(y0 + 17) +
         "\" font-size=\"18\" font-weight=\"bold\">";
  out += predecessors ? kPi : "D";
  if (!c.superscript.empty()) out += "<tspan dy=\"-7\" font-size=\"12\">" + xml_text(c.superscript) + "</tspan>";
  out += "</text>\n";
  const int top = y0 + kLabelLine;
  const int width = (h.n + 1) * cw, height = (h.n + 1) * kRowHeight;
  const auto num = [](int v) { return std::to_string(v); };
  for (int i = 0; i < h.n; ++i)
    for (int j = 0; j < h.n; ++j) {
      const HandoutCell cell = handout_cell(h, step, predecessors, i, j);
      const int x = x0 + (j + 1) * cw, y = top + (i + 1) * kRowHeight;
      if (cell.changed)
        out += "<rect x=\"" + num(x + 2) + "\" y=\"" + num(y + 2) + "\" width=\"" + num(cw - 4) + "\" height=\"" +
               num(kRowHeight - 4) + "\" fill=\"#d9d9d9\" stroke=\"#000000\" stroke-width=\"2\"/>\n";
      out += "<text x=\"" + num(x + cw - 8) + "\" y=\"" + num(y + 18) + "\" text-anchor=\"end\"" +
             (cell.changed ? " font-weight=\"bold\"" : "") + ">" + (cell.infinity ? kInfinity : xml_text(cell.text)) +
             "</text>\n";
    }
  // Headers: the vertices in the handout's numbering, in grey italics apart from the values.
  for (int v = 0; v < h.n; ++v) {
    const std::string label = xml_text(handout_vertex_text(h, v));
    out += "<text x=\"" + num(x0 + (v + 2) * cw - 8) + "\" y=\"" + num(top + 18) +
           "\" text-anchor=\"end\" font-style=\"italic\" fill=\"#404040\">" + label + "</text>\n";
    out += "<text x=\"" + num(x0 + cw - 8) + "\" y=\"" + num(top + (v + 1) * kRowHeight + 18) +
           "\" text-anchor=\"end\" font-style=\"italic\" fill=\"#404040\">" + label + "</text>\n";
  }
  out += "<line x1=\"" + num(x0) + "\" y1=\"" + num(top + kRowHeight) + "\" x2=\"" + num(x0 + width) + "\" y2=\"" +
         num(top + kRowHeight) + "\" stroke=\"#000000\" stroke-width=\"1\"/>\n";
  out += "<line x1=\"" + num(x0 + cw) + "\" y1=\"" + num(top) + "\" x2=\"" + num(x0 + cw) + "\" y2=\"" +
         num(top + height) + "\" stroke=\"#000000\" stroke-width=\"1\"/>\n";
}

}  // namespace

std::string handout_svg(const Handout& h, const HandoutStep& step) {
  const bool both = h.tables.distances && h.tables.predecessors;
  const int cw = column_width(h, step);
  const int table_width = (h.n + 1) * cw;
  const HandoutCaption c = handout_caption(h, step, !h.tables.distances);
  const std::string line1 = c.text;
  const std::string line2 = c.numbering + "; bold in a box: changed by this step";
  // Captions at 14 px: about 7.5 px a character.
  const int caption_width = static_cast<int>(std::max(line1.size(), line2.size()) * 15 / 2);
  const int width = 2 * kMargin + std::max(caption_width, both ? 2 * table_width + kTableGap : table_width);
  const int tables_top = kMargin + 2 * kCaptionLine + 8;
  const int height = tables_top + kLabelLine + (h.n + 1) * kRowHeight + kMargin;
  std::string out;
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + std::to_string(width) + "\" height=\"" +
         std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) + " " + std::to_string(height) +
         "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"16\">\n";
  out += "<title>" + xml_text(handout_title(h)) + "</title>\n";
  out += "<rect x=\"0\" y=\"0\" width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height) +
         "\" fill=\"#ffffff\"/>\n";
  out += "<text x=\"" + std::to_string(kMargin) + "\" y=\"" + std::to_string(kMargin + 14) + "\" font-size=\"14\">" +
         xml_text(line1) + "</text>\n";
  out += "<text x=\"" + std::to_string(kMargin) + "\" y=\"" + std::to_string(kMargin + kCaptionLine + 14) +
         "\" font-size=\"14\" fill=\"#404040\">" + xml_text(line2) + "</text>\n";
  int x = kMargin;
  if (h.tables.distances) {
    svg_table(out, h, step, false, x, tables_top, cw);
    x += table_width + kTableGap;
  }
  if (h.tables.predecessors) svg_table(out, h, step, true, x, tables_top, cw);
  out += "</svg>\n";
  return out;
}

}  // namespace apsp
