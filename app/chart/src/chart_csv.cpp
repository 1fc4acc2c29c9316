#include "chart/chart_csv.h"

#include <apsp/io/atomic_file.h>

#include <cstdio>

namespace apsp::chart {

namespace {
std::string field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}
}  // namespace

std::string charts_csv(const std::vector<Chart>& charts, const std::string& context_comments) {
  std::string text = context_comments + "chart,series,x,y\n";
  for (const Chart& c : charts)
    for (const Series& s : c.series)
      for (std::size_t i = 0; i < c.categories.size() && i < s.values.size(); ++i) {
        if (!std::isfinite(s.values[i])) continue;
        char y[32];
        std::snprintf(y, sizeof y, "%.6g", s.values[i]);
        text += field(c.title) + "," + field(s.label) + "," + field(c.categories[i]) + "," + y + "\n";
      }
  return text;
}

void write_charts_csv(const std::string& path, const std::vector<Chart>& charts,
                      const std::string& context_comments) {
  AtomicFile file(path);
  file.write(charts_csv(charts, context_comments));
  file.commit();
}

}  // namespace apsp::chart
