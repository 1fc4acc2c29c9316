// HoverGate: no hover under a pointer that rests where it was when the window opened; hover once it moves,
// or a button or the wheel is used.
#include <gtest/gtest.h>

#include "ui/hover_gate.h"

namespace apsp::studio {
namespace {

TEST(HoverGate, ARestingPointerGetsNoHoverUntilItMoves) {
  HoverGate gate;
  EXPECT_FALSE(gate.open(true, 640, 400, false));  // the first frame: the pointer in the middle of the window
  EXPECT_FALSE(gate.open(true, 640, 400, false));
  EXPECT_FALSE(gate.open(false, 0, 0, false));  // left the window (or unknown)
  EXPECT_FALSE(gate.open(true, 640, 400, false));
  EXPECT_TRUE(gate.open(true, 641, 400, false));
  EXPECT_TRUE(gate.open(true, 641, 400, false));  // stays open
  EXPECT_TRUE(gate.open(false, 0, 0, false));
}

TEST(HoverGate, APointerThatComesInFromOutsideOpensItOnItsFirstMove) {
  HoverGate gate;
  EXPECT_FALSE(gate.open(false, 0, 0, false));
  EXPECT_FALSE(gate.open(true, 5, 300, false));  // enters: where it is now is its resting place
  EXPECT_TRUE(gate.open(true, 12, 300, false));
}

TEST(HoverGate, AClickOrTheWheelOpensItWithoutAMove) {
  HoverGate clicked;
  EXPECT_FALSE(clicked.open(true, 640, 400, false));
  EXPECT_TRUE(clicked.open(true, 640, 400, true));
  HoverGate at_once;
  EXPECT_TRUE(at_once.open(true, 640, 400, true));
}

}  // namespace
}  // namespace apsp::studio
