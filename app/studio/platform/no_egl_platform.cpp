// Built instead of egl_platform.cpp when CMake found no EGL: --headless reports why instead of failing to link.
#include "platform/gl_check.h"
#include "platform/platform.h"

namespace apsp::studio {

std::unique_ptr<Platform> create_headless_platform(const PlatformOptions&) {
  throw GlError("--headless is unavailable: apsp-studio was built without EGL (install libegl-dev and rebuild)");
}

}  // namespace apsp::studio
