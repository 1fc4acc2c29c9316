#pragma once
// Internal: an indexed 4-ary min-heap of (key, vertex) with decrease-key, for cpu-dijkstra. Four children per
// node halve the depth of a binary heap and keep a node's children in one 64-byte cache line, which is what
// pops (the costly operation in Dijkstra on sparse graphs) touch.
#include <algorithm>
#include <cstdint>
#include <vector>

namespace apsp::cpu {

class DaryHeap {
 public:
  static constexpr std::int32_t kAbsent = -1;   ///< never pushed since clear()
  static constexpr std::int32_t kPopped = -2;   ///< pushed and popped: settled

  explicit DaryHeap(std::int32_t n) : m_position(static_cast<std::size_t>(n), kAbsent) { m_nodes.reserve(64); }

  /// @brief Forgets every vertex: O(n), once per source.
  void clear() {
    m_nodes.clear();
    std::fill(m_position.begin(), m_position.end(), kAbsent);
  }
  bool empty() const { return m_nodes.empty(); }
  bool popped(std::int32_t v) const { return m_position[static_cast<std::size_t>(v)] == kPopped; }

  /// @brief Pushes @p v with @p key, or lowers its key when it is queued with a larger one. Not for popped v.
  void push_or_decrease(std::int32_t v, std::int64_t key) {
    std::int32_t at = m_position[static_cast<std::size_t>(v)];
    if (at == kAbsent) {
      at = static_cast<std::int32_t>(m_nodes.size());
      m_nodes.push_back({key, v});
    } else {
      m_nodes[static_cast<std::size_t>(at)].key = key;
    }
    sift_up(at);
  }

  /// @brief Removes the vertex with the smallest key and returns it; marks it popped.
  std::int32_t pop(std::int64_t& key) {
    const Node top = m_nodes.front();
    key = top.key;
    m_position[static_cast<std::size_t>(top.vertex)] = kPopped;
    const Node last = m_nodes.back();
    m_nodes.pop_back();
    if (!m_nodes.empty()) sift_down(last);
    return top.vertex;
  }

 private:
  struct Node {
    std::int64_t key;
    std::int32_t vertex;
  };
  static constexpr std::size_t kArity = 4;

  void place(std::size_t at, const Node& node) {
    m_nodes[at] = node;
    m_position[static_cast<std::size_t>(node.vertex)] = static_cast<std::int32_t>(at);
  }

  void sift_up(std::int32_t start) {
    std::size_t at = static_cast<std::size_t>(start);
    const Node node = m_nodes[at];
    while (at > 0) {
      const std::size_t parent = (at - 1) / kArity;
      if (m_nodes[parent].key <= node.key) break;
      place(at, m_nodes[parent]);
      at = parent;
    }
    place(at, node);
  }

  /// Moves @p node down from the root into the hole the popped minimum left.
  void sift_down(const Node& node) {
    const std::size_t size = m_nodes.size();
    std::size_t at = 0;
    for (;;) {
      const std::size_t first = at * kArity + 1;
      if (first >= size) break;
      const std::size_t last = first + kArity < size ? first + kArity : size;
      std::size_t best = first;
      for (std::size_t c = first + 1; c < last; ++c)
        if (m_nodes[c].key < m_nodes[best].key) best = c;
      if (m_nodes[best].key >= node.key) break;
      place(at, m_nodes[best]);
      at = best;
    }
    place(at, node);
  }

  std::vector<Node> m_nodes;
  std::vector<std::int32_t> m_position;  ///< index in m_nodes, kAbsent or kPopped
};

}  // namespace apsp::cpu
