// The handouts' PDF writer (pdf_document.h).
#include "pdf_document.h"

#include <cmath>
#include <cstdio>

namespace apsp::pdf {

namespace {

/// Helvetica's advance widths (thousandths of an em) for the printable ASCII characters 32..126, from the
/// font's published metrics (the same for every PDF reader: the font is one of the standard 14).
constexpr short kHelvetica[95] = {
    278,  278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space .. /
    556,  556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0 .. ?
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @ .. O
    667,  778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P .. _
    333,  556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` .. o
    556,  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584};      // p .. ~

int char_width(Font font, unsigned char c) {
  if (font == Font::Symbol) return c == static_cast<unsigned char>(kSymbolInfinity) ? 713 : c == 'P' ? 768 : 500;
  const int regular = (c >= 32 && c <= 126) ? kHelvetica[c - 32] : 556;
  if (font == Font::Regular) return regular;
  // Helvetica-Bold: the digits and the minus keep their widths (tables align); other letters are a little wider.
  if ((c >= '0' && c <= '9') || c == '-' || c == ' ') return regular;
  if (c == 'L') return 611;
  return regular + regular / 16;
}

/// "12.35": two decimals, by integer arithmetic, so that no locale changes the bytes.
std::string number(double v) {
  const long long centi = std::llround(v * 100.0);
  const long long whole = (centi < 0 ? -centi : centi) / 100, frac = (centi < 0 ? -centi : centi) % 100;
  std::string out = centi < 0 ? "-" : "";
  out += std::to_string(whole);
  if (frac != 0) {
    out += '.';
    out += static_cast<char>('0' + frac / 10);
    if (frac % 10 != 0) out += static_cast<char>('0' + frac % 10);
  }
  return out;
}

/// A PDF string literal: ( ) \ escaped, bytes outside printable ASCII as octal escapes.
std::string literal(std::string_view text) {
  std::string out = "(";
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '(' || c == ')' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 32 || c > 126) {
      char esc[5];
      std::snprintf(esc, sizeof esc, "\\%03o", c);
      out += esc;
    } else {
      out += ch;
    }
  }
  return out + ")";
}

const char* font_name(Font f) { return f == Font::Regular ? "/F1" : f == Font::Bold ? "/F2" : "/F3"; }

}  // namespace

double text_width(Font font, std::string_view text, double size) {
  double units = 0;
  for (const char c : text) units += char_width(font, static_cast<unsigned char>(c));
  return units * size / 1000.0;
}

void Page::text(double x, double y, Font font, double size, std::string_view text, double gray) {
  m_content += number(gray) + " g BT " + font_name(font) + " " + number(size) + " Tf " + number(x) + " " + number(y) +
               " Td " + literal(text) + " Tj ET\n";
}

void Page::rect(double x, double y, double w, double h, double fill_gray, double stroke_width) {
  const std::string box = number(x) + " " + number(y) + " " + number(w) + " " + number(h) + " re";
  if (fill_gray >= 0) m_content += number(fill_gray) + " g " + box + " f\n";
  if (stroke_width > 0) m_content += "0 G " + number(stroke_width) + " w " + box + " S\n";
}

void Page::line(double x1, double y1, double x2, double y2, double width) {
  m_content +=
      "0 G " + number(width) + " w " + number(x1) + " " + number(y1) + " m " + number(x2) + " " + number(y2) + " l S\n";
}

std::string document(const std::vector<Page>& pages, std::string_view title, double width, double height) {
  // Objects: 1 catalog, 2 page tree, 3-5 fonts, 6 information, then a page and its content per page.
  const std::size_t count = 6 + 2 * pages.size();
  std::vector<std::size_t> offsets(count + 1, 0);
  std::string out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";  // the second line marks the file as binary for transfers
  const auto object = [&](std::size_t id, const std::string& body) {
    offsets[id] = out.size();
    out += std::to_string(id) + " 0 obj\n" + body + "\nendobj\n";
  };
  const auto page_id = [](std::size_t p) { return 7 + 2 * p; };
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  std::string kids;
  for (std::size_t p = 0; p < pages.size(); ++p) {
    if (p) kids += ' ';  // piece by piece: GCC 12's -Wrestrict false positive on "literal" + string
    kids += std::to_string(page_id(p));
    kids += " 0 R";
  }
  object(2, "<< /Type /Pages /Kids [" + kids + "] /Count " + std::to_string(pages.size()) + " >>");
  object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  object(4, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  object(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>");
  object(6, "<< /Title " + literal(title) + " /Producer (APSP Studio) >>");
  const std::string resources = "/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >>";
  for (std::size_t p = 0; p < pages.size(); ++p) {
    object(page_id(p), "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " + number(width) + " " + number(height) + "] " +
                           resources + " /Contents " + std::to_string(page_id(p) + 1) + " 0 R >>");
    const std::string& content = pages[p].content();
    object(page_id(p) + 1, "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "\nendstream");
  }
  const std::size_t xref = out.size();
  out += "xref\n0 " + std::to_string(count + 1) + "\n0000000000 65535 f \n";
  for (std::size_t id = 1; id <= count; ++id) {
    char entry[24];
    std::snprintf(entry, sizeof entry, "%010zu 00000 n \n", offsets[id]);
    out += entry;
  }
  out += "trailer\n<< /Size " + std::to_string(count + 1) + " /Root 1 0 R /Info 6 0 R >>\nstartxref\n" +
         std::to_string(xref) + "\n%%EOF\n";
  return out;
}

}  // namespace apsp::pdf
