#pragma once
// A small PDF 1.4 writer of our own for handouts: pages of text (the standard Type 1 fonts Helvetica,
// Helvetica-Bold and Symbol, which every reader has, so nothing is embedded), rectangles and lines; content
// streams uncompressed; the cross-reference table written from the real byte offsets. Numbers are printed
// with two decimals by integer arithmetic (no locale), and nothing depends on the date: the same pages give
// the same bytes.
#include <string>
#include <string_view>
#include <vector>

namespace apsp::pdf {

enum class Font { Regular, Bold, Symbol };

/// Symbol font codes for the two non-Latin signs a handout prints.
inline constexpr char kSymbolInfinity = static_cast<char>(0xA5);
inline constexpr char kSymbolCapitalPi = 'P';

/// Width in points of @p text (bytes in the font's encoding: ASCII for Helvetica) at @p size points.
double text_width(Font font, std::string_view text, double size);

/// One page's content stream, in PDF user space (points, origin at the bottom left).
class Page {
 public:
  /// @p gray 0 = black .. 1 = white.
  void text(double x, double y, Font font, double size, std::string_view text, double gray = 0.0);
  /// A rectangle filled with @p fill_gray (< 0: not filled) and outlined @p stroke_width wide (0: not outlined).
  void rect(double x, double y, double w, double h, double fill_gray, double stroke_width);
  void line(double x1, double y1, double x2, double y2, double width);
  const std::string& content() const { return m_content; }

 private:
  std::string m_content;
};

/// The whole file: catalog, page tree, the three fonts, an information dictionary with @p title (ASCII),
/// one page object and content stream per page, the cross-reference table and the trailer.
std::string document(const std::vector<Page>& pages, std::string_view title, double width, double height);

}  // namespace apsp::pdf
