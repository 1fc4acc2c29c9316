// NumPy .npy distances: int32 '<i4', C order, shape (n, n), or (S, n) for the rows of S sources. Written as version 1.0 with the header padded so
// the data starts at a multiple of 64 bytes (as numpy itself does).
#include "distance_formats.h"
#include "text_scan.h"

#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/io/atomic_file.h>

#include <cstring>

namespace apsp::io_detail {

namespace {
constexpr unsigned char kMagic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};

/// The text after "'key':" up to the next top-level ',' or '}' (the shape tuple counts as one value).
std::string_view dict_value(std::string_view dict, std::string_view key, const std::string& path, std::uint64_t header_at) {
  // Built with append: GCC 12 warns falsely (-Wrestrict) on "'" + std::string(...).
  std::string quoted(1, '\'');
  quoted.append(key).push_back('\'');
  std::size_t at = dict.find(quoted);
  if (at == std::string_view::npos) {
    std::string dq(1, '"');
    dq.append(key).push_back('"');
    at = dict.find(dq);
  }
  if (at == std::string_view::npos) throw InputError(path, byte_where(header_at), "npy header has no '" + std::string(key) + "' entry");
  std::size_t i = dict.find(':', at + quoted.size());
  if (i == std::string_view::npos) throw InputError(path, byte_where(header_at), "npy header: no value for '" + std::string(key) + "'");
  ++i;
  while (i < dict.size() && dict[i] == ' ') ++i;
  std::size_t j = i;
  int depth = 0;
  while (j < dict.size()) {
    const char c = dict[j];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth == 0 && (c == ',' || c == '}')) break;
    ++j;
  }
  std::string_view v = dict.substr(i, j - i);
  while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
  return v;
}
}  // namespace

std::string npy_header(std::int64_t rows, std::int32_t n) {
  std::string dict = "{'descr': '<i4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " + std::to_string(n) + "), }";
  // magic (6) + version (2) + header length (2) + dict + padding + '\n' must be a multiple of 64.
  const std::size_t unpadded = 10 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict.push_back('\n');
  const auto header_len = static_cast<std::uint16_t>(dict.size());
  std::string header(reinterpret_cast<const char*>(kMagic), 6);
  header.push_back(1);  // version 1.0: a 16-bit header length is plenty for this dict
  header.push_back(0);
  header.push_back(static_cast<char>(header_len & 0xff));
  header.push_back(static_cast<char>(header_len >> 8));
  return header + dict;
}

void write_distances_npy(const std::string& path, const DistanceRows& rows) {
  AtomicFile out(path);
  out.write(npy_header(rows.rows, rows.n));
  write_le32_rows(rows, [&out](const void* p, std::size_t n) { out.write(p, n); });
  out.commit();
}

DistanceTable read_distances_npy(const MappedFile& file, RowCount row_count) {
  const std::string& path = file.path();
  const unsigned char* p = file.data();
  const std::size_t size = file.size();
  if (size == 0) throw InputError(path, "", "empty file (expected a .npy array)");
  if (size < 10) throw InputError(path, byte_where(size), "truncated header: " + std::to_string(size) + " bytes");
  if (std::memcmp(p, kMagic, 6) != 0) throw InputError(path, byte_where(0), "not a .npy file (missing the \\x93NUMPY magic)");
  const unsigned major = p[6];
  std::size_t header_len = 0;
  std::size_t data_at = 0;
  if (major == 1) {
    header_len = p[8] | (std::size_t(p[9]) << 8);
    data_at = 10 + header_len;
  } else if (major == 2 || major == 3) {
    if (size < 12) throw InputError(path, byte_where(size), "truncated header");
    header_len = p[8] | (std::size_t(p[9]) << 8) | (std::size_t(p[10]) << 16) | (std::size_t(p[11]) << 24);
    data_at = 12 + header_len;
  } else {
    throw InputError(path, byte_where(6), "unsupported .npy version " + std::to_string(major) + "." + std::to_string(p[7]));
  }
  if (data_at > size) throw InputError(path, byte_where(size), "truncated header: it declares " + std::to_string(header_len) + " bytes");
  const std::uint64_t dict_at = data_at - header_len;
  const std::string_view dict(reinterpret_cast<const char*>(p) + dict_at, header_len);

  const std::string_view descr = dict_value(dict, "descr", path, dict_at);
  if (descr != "'<i4'" && descr != "\"<i4\"")
    throw InputError(path, byte_where(dict_at), "dtype " + quote_token(descr) + " is not little-endian int32 ('<i4')");
  const std::string_view fortran = dict_value(dict, "fortran_order", path, dict_at);
  if (fortran != "False") throw InputError(path, byte_where(dict_at), "fortran_order is " + quote_token(fortran) + "; only C order (False) is supported");
  std::string_view shape = dict_value(dict, "shape", path, dict_at);
  if (shape.size() < 2 || shape.front() != '(' || shape.back() != ')')
    throw InputError(path, byte_where(dict_at), "shape " + quote_token(shape) + " is not a tuple");
  shape = shape.substr(1, shape.size() - 2);
  std::int64_t dims[3] = {0, 0, 0};
  int ndim = 0;
  Tokenizer t(shape, true);
  std::string_view tok;
  while (t.next(tok)) {
    if (ndim == 3) break;
    std::int64_t v = 0;
    const auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec != std::errc() || ptr != tok.data() + tok.size() || v < 0)
      throw InputError(path, byte_where(dict_at), "shape entry " + quote_token(tok) + " is not a size");
    dims[ndim++] = v;
  }
  if (ndim != 2 || (row_count == RowCount::Square && dims[0] != dims[1]))
    throw InputError(path, byte_where(dict_at),
                     "shape (" + std::string(shape) + ") is not " + (row_count == RowCount::Square ? "(n, n)" : "(rows, n)"));
  const std::int64_t rows = dims[0];
  const std::int64_t n = dims[1];
  if (n > INT32_MAX || rows > INT32_MAX)
    throw InputError(path, byte_where(dict_at), "shape (" + std::string(shape) + ") exceeds the int32 range");
  const std::uint64_t count = static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(n);
  const std::uint64_t payload = size - data_at;
  if (payload != count * 4)
    throw InputError(path, byte_where(data_at),
                     "shape (" + std::to_string(rows) + ", " + std::to_string(n) + ") needs " + std::to_string(count * 4) + " data bytes, the file has " +
                         std::to_string(payload));
  require_host_memory("the distances in " + path, count * 4);
  DistanceTable d;
  d.rows = rows;
  d.n = static_cast<std::int32_t>(n);
  d.values.resize(count);
  load_le32_values(p + data_at, count, d.values.data());
  return d;
}

}  // namespace apsp::io_detail
