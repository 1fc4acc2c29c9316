// Graph helpers: weight range, validation, and the initial distance matrix (lightest edge, self loops).
#include "io_test_support.h"

#include <apsp/graph/graph.h>

using namespace apsp;

TEST(GraphBasics, WeightRange) {
  Graph g;
  g.n = 3;
  EXPECT_EQ(g.weight_range(), (std::pair<std::int32_t, std::int32_t>{0, 0}));
  g.edges = {{0, 1, 5}, {1, 2, -3}, {2, 0, 9}};
  EXPECT_EQ(g.weight_range(), (std::pair<std::int32_t, std::int32_t>{-3, 9}));
  EXPECT_EQ(g.m(), 3);
}

TEST(GraphBasics, ValidateNamesSourceAndEdge) {
  Graph g;
  g.n = 2;
  g.edges = {{0, 1, 1}, {1, 2, 1}};
  EXPECT_THROW_AT(g.validate("mygraph"), InputError, "mygraph", "edge 1");
  g.edges[1].dst = -1;
  EXPECT_THROW(g.validate("mygraph"), InputError);
  g.edges[1].dst = 0;
  EXPECT_NO_THROW(g.validate("mygraph"));
}

TEST(GraphBasics, ToDistanceMatrixLightestEdgeAndSelfLoops) {
  Graph g;
  g.n = 4;
  g.edges = {{0, 1, 9}, {0, 1, 4}, {0, 1, 6}, {1, 1, 5}, {2, 2, -1}, {3, 0, 0}};
  for (const DType dtype : {DType::I32, DType::I16}) {
    for (const int block : {1, 3, 64}) {
      const DistanceMatrix m = to_distance_matrix(g, block, dtype);
      EXPECT_EQ(m.n(), 4);
      EXPECT_EQ(m.get(0, 1), 4);   // parallel edges: the lightest wins
      EXPECT_EQ(m.get(1, 1), 0);   // a positive self loop leaves the diagonal at 0
      EXPECT_EQ(m.get(2, 2), -1);  // a negative one is kept
      EXPECT_EQ(m.get(3, 0), 0);
      EXPECT_EQ(m.get(1, 0), kInf32);
      EXPECT_EQ(m.get(3, 3), 0);
    }
  }
}

TEST(GraphBasics, ToDistanceMatrixRejectsWeightsOutsideTheDtype) {
  Graph g;
  g.n = 2;
  g.edges = {{0, 1, 20000}};
  EXPECT_NO_THROW(to_distance_matrix(g, 1, DType::I32));
  EXPECT_THROW(to_distance_matrix(g, 1, DType::I16), RangeError);
  g.edges = {{0, 1, -16383}};
  EXPECT_THROW(to_distance_matrix(g, 1, DType::I16), RangeError);
  g.edges = {{0, 1, kInf32}};
  EXPECT_THROW(to_distance_matrix(g, 1, DType::I32), RangeError);
  g.edges = {{0, 3, 1}};
  EXPECT_THROW(to_distance_matrix(g, 1, DType::I32), InputError);
}
