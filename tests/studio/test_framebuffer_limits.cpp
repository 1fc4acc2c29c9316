// The frame-size rules the studio checks where its window or offscreen target is made (GL limits) and before any
// work (the host memory a capture takes), without GL.
#include <gtest/gtest.h>

#include "platform/framebuffer_limits.h"

namespace apsp::studio {
namespace {

TEST(FramebufferLimits, AFrameLargerThanTheViewportIsRefusedNamingSizeAndLimit) {
  const GlSizeLimits limits{8192, 8192, 16384};
  EXPECT_EQ(framebuffer_size_refusal(8192, 8192, limits, false), std::nullopt);
  const std::optional<std::string> why = framebuffer_size_refusal(16384, 800, limits, false);
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "--size 16384x800: this OpenGL draws frames of at most 8192x8192 (GL_MAX_VIEWPORT_DIMS); give a "
                  "smaller --size");
  EXPECT_TRUE(framebuffer_size_refusal(800, 8193, limits, true));
}

TEST(FramebufferLimits, AnOffscreenFrameMustFitARenderbuffer) {
  const GlSizeLimits limits{32768, 32768, 4096};
  EXPECT_EQ(framebuffer_size_refusal(8192, 100, limits, false), std::nullopt);  // a window has no renderbuffer
  const std::optional<std::string> why = framebuffer_size_refusal(8192, 100, limits, true);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("GL_MAX_RENDERBUFFER_SIZE"), std::string::npos) << *why;
}

TEST(FramebufferLimits, AnUnknownLimitLimitsNothing) {
  EXPECT_EQ(framebuffer_size_refusal(16384, 16384, GlSizeLimits{}, true), std::nullopt);
}

TEST(FramebufferLimits, ACaptureTakesSixteenBytesAPixel) {
  EXPECT_EQ(capture_bytes(16384, 16384), 16384ull * 16384ull * 16ull);  // 4 GiB: checked before the window opens
  EXPECT_EQ(capture_bytes(0, 100), 0u);
}

}  // namespace
}  // namespace apsp::studio
