#include "session/lessons.h"

#include "session/data_dir.h"

namespace apsp::studio {

std::vector<Lesson> lessons() {
  std::vector<Lesson> out = {
      {"plain4", "textbook4 with plain Floyd-Warshall (cpu-naive): one k per step, rows and columns k marked",
       GraphSource::generator("classroom:textbook4"), "cpu-naive"},
      {"textbook4", "4 vertices, negative edges, no negative cycle: the textbook example (B = 2)",
       GraphSource::generator("classroom:textbook4")},
      {"cities8", "8 towns on a one-way loop with shortcuts: every phase has work in both rounds (B = 4)",
       GraphSource::generator("classroom:cities8")},
      {"grid3", "3 x 3 streets both ways: shortest paths turn corners (B = 3)", GraphSource::generator("classroom:grid3")},
      {"clrs", "CLRS figure 25.1 with plain Floyd-Warshall (cpu-naive): D and Π end as the textbook's tables "
               "(its vertex v is vertex v-1 here)",
       GraphSource::generator("classroom:clrs"), "cpu-naive"},
      {"negcycle4", "0 -> 1 -> 2 -> 0 weighs -1: the solve stops and names the negative cycle (B = 2)",
       GraphSource::generator("classroom:negcycle4")},
  };
  const struct {
    const char* name;
    const char* file;
    const char* description;
  } files[] = {
      {"ring12", "ring12.txt", "a 12-vertex one-way ring: each round fills one more diagonal band (B = 3)"},
      {"two_islands", "two_islands.txt", "two islands and a one-way bridge: a quarter stays unreachable (B = 3)"},
  };
  for (const auto& f : files) {
    const std::filesystem::path path = data_file(std::filesystem::path("graphs") / f.file);
    if (!path.empty()) out.push_back({f.name, f.description, GraphSource::file(path.string())});
  }
  return out;
}

}  // namespace apsp::studio
