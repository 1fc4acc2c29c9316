#include <apsp/io/export_context.h>

namespace apsp {

namespace {
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}
}  // namespace

std::string csv_context_comments(const ExportContext& c) {
  std::string text;
  auto line = [&text](const char* key, const std::string& value) {
    text += "# ";
    text += key;
    text += ": ";
    text += one_line(value);
    text += '\n';
  };
  line("version", c.version);
  line("run_id", c.run_id);
  line("backend", c.backend);
  line("block", std::to_string(c.block));
  line("n", std::to_string(c.n));
  line("dtype", c.dtype);
  line("threads", std::to_string(c.threads));
  line("gpus", std::to_string(c.gpus));
  line("graph", c.graph);
  line("device", c.device);
  return text;
}

}  // namespace apsp
