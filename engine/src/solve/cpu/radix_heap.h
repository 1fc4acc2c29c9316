#pragma once
// Internal: a radix heap (a monotone priority queue over unsigned 64-bit keys) for cpu-dijkstra. Dijkstra pops
// keys in non-decreasing order, which is all a radix heap needs: an item lives in the bucket of the highest bit
// where its key differs from the last popped key, so a push is O(1) and an item moves to a lower bucket at
// most 64 times in all. No decrease-key: an improved vertex is pushed again and the stale entry skipped on pop.
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace apsp::cpu {

class RadixHeap {
 public:
  struct Item {
    std::uint64_t key;
    std::int32_t vertex;
  };

  /// @brief Empties the heap for the next source (the buckets keep their capacity).
  void clear() {
    for (auto& b : m_buckets) b.clear();
    m_last = 0;
    m_size = 0;
  }
  bool empty() const { return m_size == 0; }

  /// @brief Pushes @p vertex with @p key, which must be >= the last popped key.
  void push(std::uint64_t key, std::int32_t vertex) {
    m_buckets[bucket_of(key)].push_back({key, vertex});
    ++m_size;
  }

  /// @brief Removes an item with the smallest key.
  Item pop() {
    if (m_buckets[0].empty()) {
      std::size_t i = 1;
      while (m_buckets[i].empty()) ++i;
      // The new last key is this bucket's minimum; its items all fall into lower buckets relative to it.
      std::uint64_t smallest = m_buckets[i].front().key;
      for (const Item& item : m_buckets[i])
        if (item.key < smallest) smallest = item.key;
      m_last = smallest;
      for (const Item& item : m_buckets[i]) m_buckets[bucket_of(item.key)].push_back(item);
      m_buckets[i].clear();
    }
    const Item item = m_buckets[0].back();
    m_buckets[0].pop_back();
    --m_size;
    return item;
  }

 private:
  std::size_t bucket_of(std::uint64_t key) const {
    return key == m_last ? 0 : 64 - static_cast<std::size_t>(std::countl_zero(key ^ m_last));
  }

  std::array<std::vector<Item>, 65> m_buckets;
  std::uint64_t m_last = 0;
  std::size_t m_size = 0;
};

}  // namespace apsp::cpu
