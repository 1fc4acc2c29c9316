#include <apsp/core/version.h>

namespace apsp {

std::string_view version() { return APSP_VERSION_STRING; }  // set by engine/CMakeLists.txt

std::string build_description() {
  std::string text(build_type());
  if (!build_cxx_flags().empty()) text += "; " + std::string(build_cxx_flags());
  text += "; " + std::string(build_cuda());
  if (!build_sanitizer().empty()) text += "; " + std::string(build_sanitizer());
  return text;
}

std::string version_line(std::string_view program) {
  std::string text = std::string(program) + " " + std::string(version()) + " (commit " + std::string(build_commit()) +
                     ", " + std::string(build_type()) + ", " + std::string(build_cuda());
  if (!build_sanitizer().empty()) text += ", " + std::string(build_sanitizer());
  return text + ")";
}

}  // namespace apsp
