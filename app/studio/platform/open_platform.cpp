#include "platform/gl_check.h"
#include "platform/platform.h"

namespace apsp::studio {

std::unique_ptr<Platform> open_platform(const PlatformOptions& options, bool headless, bool headless_fallback,
                                        std::string& fallback_note) {
  if (headless) return create_headless_platform(options);
  try {
    return create_window_platform(options);
  } catch (const GlError& e) {
    // A batch run (--quit) on a machine without a display still has work to do: render offscreen instead.
    if (!headless_fallback) throw;
    std::unique_ptr<Platform> platform;
    try {
      platform = create_headless_platform(options);
    } catch (const GlError& headless_error) {
      throw GlError(std::string(e.what()) + "; headless fallback: " + headless_error.what());
    }
    fallback_note = std::string(e.what()) + " -> rendering headless through EGL instead";
    return platform;
  }
}

}  // namespace apsp::studio
