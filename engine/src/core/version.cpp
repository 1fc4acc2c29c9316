#include <apsp/core/version.h>

namespace apsp {

std::string_view version() { return APSP_VERSION_STRING; }  // set by engine/CMakeLists.txt

}  // namespace apsp
