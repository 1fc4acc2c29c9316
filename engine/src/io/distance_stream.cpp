// Streamed distance files (apsp/io/distance_stream.h): the caller's thread reads chunks of rows from the source
// into a ring of buffers while one writer thread formats and writes the chunk before, into an AtomicFile.
#include "distance_formats.h"

#include <apsp/core/errors.h>
#include <apsp/core/parallel_ranges.h>
#include <apsp/io/atomic_file.h>
#include <apsp/io/distance_stream.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace apsp {

namespace {
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

std::int64_t rows_per_chunk(std::int64_t rows, std::int32_t n, const DistanceStreamOptions& options) {
  const std::uint64_t row_bytes = static_cast<std::uint64_t>(std::max<std::int32_t>(n, 1)) * 4;
  const auto fit = static_cast<std::int64_t>(std::max<std::uint64_t>(1, options.chunk_bytes / row_bytes));
  return std::max<std::int64_t>(1, std::min(rows, fit));
}

int buffer_count(const DistanceStreamOptions& options) { return std::max(2, options.buffers); }

struct Chunk {
  std::vector<std::int32_t> values;
  std::int64_t rows = 0;
};

/// Formats one chunk into bytes: the binary formats as little-endian int32, CSV split over threads by rows
/// (each range into its own text, appended in order).
class ChunkEncoder {
 public:
  ChunkEncoder(DistanceFormat format, std::int32_t n, int threads) : m_format(format), m_n(n), m_threads(threads) {}

  template <class Sink>
  void write(const Chunk& chunk, Sink&& sink) {
    const std::size_t cells = static_cast<std::size_t>(chunk.rows) * static_cast<std::size_t>(m_n);
    if (m_format != DistanceFormat::Csv) {
      if constexpr (std::endian::native == std::endian::little) {
        sink(chunk.values.data(), cells * 4);
      } else {
        m_text.clear();
        io_detail::append_le32_values(chunk.values.data(), cells, m_text);
        sink(m_text.data(), m_text.size());
      }
      return;
    }
    const int parts = std::max(1, std::min<int>(range_threads(m_threads), static_cast<int>(chunk.rows)));
    m_parts.resize(static_cast<std::size_t>(parts));
    for_each_range(parts, parts, 1, [&](std::int64_t first, std::int64_t last) {
      for (std::int64_t p = first; p < last; ++p) {
        const std::int64_t begin = chunk.rows * p / parts, end = chunk.rows * (p + 1) / parts;
        std::string& text = m_parts[static_cast<std::size_t>(p)];
        text.clear();
        io_detail::append_csv_rows(chunk.values.data() + static_cast<std::size_t>(begin) * m_n, end - begin, m_n, text);
      }
    });
    for (const std::string& text : m_parts) sink(text.data(), text.size());
  }

 private:
  DistanceFormat m_format;
  std::int32_t m_n;
  int m_threads;
  std::string m_text;
  std::vector<std::string> m_parts;
};
}  // namespace

std::uint64_t distance_stream_buffer_bytes(std::int64_t rows, std::int32_t n, const DistanceStreamOptions& options) {
  if (rows <= 0 || n <= 0) return 0;
  const std::uint64_t chunk = static_cast<std::uint64_t>(rows_per_chunk(rows, n, options)) * static_cast<std::uint64_t>(n) * 4;
  // CSV text takes up to 11 bytes a value beside the values' 4.
  return chunk * static_cast<std::uint64_t>(buffer_count(options)) + chunk / 4 * 12;
}

DistanceStreamTimes write_distance_stream(const std::string& path, std::int64_t rows, std::int32_t n,
                                          const DistanceRowSource& source, std::optional<DistanceFormat> format,
                                          const DistanceStreamOptions& options) {
  if (rows < 0 || n < 0) throw Error("a distance stream of " + std::to_string(rows) + " x " + std::to_string(n) + " rows");
  const DistanceFormat f = format ? *format : distance_format_from_path(path);
  if (f == DistanceFormat::CourseBinary && rows != n)
    throw UsageError(path + ": the course binary holds the whole n x n matrix; write " + std::to_string(rows) + " x " +
                     std::to_string(n) + " rows as .npy or .csv");
  const auto start = Clock::now();
  DistanceStreamTimes times;
  AtomicFile out(path);
  const auto sink = [&out, &times](const void* p, std::size_t bytes) {
    out.write(p, bytes);
    times.bytes += bytes;
  };
  if (f == DistanceFormat::Npy) {
    const std::string header = io_detail::npy_header(rows, n);
    sink(header.data(), header.size());
  }
  const std::int64_t chunk_rows = rows_per_chunk(rows, n, options);
  const std::size_t chunk_cells = static_cast<std::size_t>(chunk_rows) * static_cast<std::size_t>(n);

  // The ring: free buffers go to the reader, filled ones to the writer, in order.
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<Chunk> free_chunks(static_cast<std::size_t>(rows > 0 && n > 0 ? buffer_count(options) : 0));
  std::deque<Chunk> filled;
  bool reading_done = false, stop = false;
  std::exception_ptr writer_error;
  double write_ms = 0;

  std::thread writer([&] {
    ChunkEncoder encoder(f, n, options.format_threads);
    for (;;) {
      Chunk chunk;
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return stop || !filled.empty() || reading_done; });
        if (stop || filled.empty()) return;
        chunk = std::move(filled.front());
        filled.pop_front();
      }
      const auto busy = Clock::now();
      try {
        encoder.write(chunk, sink);
      } catch (...) {
        std::lock_guard lock(mutex);
        writer_error = std::current_exception();
        stop = true;
        changed.notify_all();
        return;
      }
      std::lock_guard lock(mutex);
      write_ms += ms_since(busy);
      free_chunks.push_back(std::move(chunk));
      changed.notify_all();
    }
  });
  const auto finish_writer = [&](bool abandon) {
    {
      std::lock_guard lock(mutex);
      reading_done = true;
      if (abandon) stop = true;
    }
    changed.notify_all();
    writer.join();
  };

  try {
    for (std::int64_t row = 0; row < rows && n > 0; row += chunk_rows) {
      Chunk chunk;
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return stop || !free_chunks.empty(); });
        if (stop) break;
        chunk = std::move(free_chunks.front());
        free_chunks.pop_front();
      }
      chunk.rows = std::min(chunk_rows, rows - row);
      chunk.values.resize(chunk_cells);
      const auto reading = Clock::now();
      source(row, chunk.rows, chunk.values.data());
      times.read_ms += ms_since(reading);
      std::lock_guard lock(mutex);
      filled.push_back(std::move(chunk));
      changed.notify_all();
    }
  } catch (...) {
    finish_writer(true);
    throw;  // the AtomicFile is dropped uncommitted: the old file stays
  }
  finish_writer(false);
  if (writer_error) std::rethrow_exception(writer_error);
  const auto committing = Clock::now();
  out.commit();
  times.write_ms = write_ms + ms_since(committing);
  times.wall_ms = ms_since(start);
  return times;
}

}  // namespace apsp
