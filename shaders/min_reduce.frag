#version 330 core
// One level of the heatmap's minimum pyramid: each texel is the minimum code of the 2 x 2 texels below it
// (3 where the level below has an odd size, so its last row/column is not lost), with the "improved" bit kept
// if any of them had it. A zoomed-out view then reads one or a few texels per pixel and still never drops a
// short distance.
uniform usampler2D u_src;  // the level below; its base level is set so that lod 0 reads it
uniform ivec2 u_src_size;
out uvec4 o_code;

void main() {
  ivec2 dst = ivec2(gl_FragCoord.xy);
  ivec2 lo = dst * 2;
  ivec2 dst_size = max(u_src_size / 2, ivec2(1));
  // The last texel of a level also covers the odd remainder of the level below.
  ivec2 hi = lo + 1;
  if (dst.x == dst_size.x - 1) hi.x = u_src_size.x - 1;
  if (dst.y == dst_size.y - 1) hi.y = u_src_size.y - 1;
  hi = min(hi, u_src_size - 1);
  uint best = 0x1FFu;
  uint improved = 0u;
  for (int y = lo.y; y <= hi.y; ++y) {
    for (int x = lo.x; x <= hi.x; ++x) {
      uint c = texelFetch(u_src, ivec2(x, y), 0).r;
      best = min(best, c & 0x1FFu);
      improved |= c & 0x8000u;
    }
  }
  o_code = uvec4(best | improved, 0u, 0u, 0u);
}
