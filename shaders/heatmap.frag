#version 330 core
// Distance heatmap: integer view codes (see engine/include/apsp/view/view.h) through a colormap lookup table,
// then the blocked algorithm's overlays. The codes are integers so that, with overlays off, every pixel is
// exactly lut[code]: exported images can be compared bit for bit with the distances.

uniform usampler2D u_codes;      // R16UI, cols x rows: 0..255 colormap index, 256 INF, bit 15 "improved"
uniform sampler2D u_lut;         // 257 x 1 RGBA8: entries 0..255 colormap, 256 INF colour
uniform vec2 u_target_size;      // pixels
uniform vec2 u_origin;           // view texel coordinate at the target's top-left corner
uniform float u_texels_per_px;   // zoom
uniform ivec2 u_view_size;       // (cols, rows) of the code texture
uniform int u_max_level;         // last level of the code texture's minimum pyramid
uniform int u_n;                 // matrix size
uniform int u_block;             // pivot block size B
uniform int u_round;             // cursor round
uniform int u_phase;             // next phase: 0 pivot, 1 pivot row/column, 2 independent; -1 none
uniform int u_k_vertex;          // mid-phase (k-steps): the next intermediate vertex k; -1 otherwise
uniform int u_overlays;          // 0: colormap only (pixel-exact export)
uniform float u_improved;        // strength of the "improved by the last step" highlight, 0..1
uniform float u_grid_alpha;      // block grid lines, 0 = off
uniform float u_outline_px;      // outline width of highlighted blocks
uniform float u_ui_scale;        // content scale, for the hatching period
uniform vec4 u_background;
uniform vec3 u_pivot_color;
uniform vec3 u_rowcol_color;
uniform vec3 u_independent_color;
uniform vec3 u_improved_color;
uniform vec3 u_grid_color;
uniform vec3 u_k_color;
uniform int u_band_count;        // multi-GPU: > 1 row bands, one per GPU (0: none)
uniform int u_band_end[8];       // end row (exclusive) of GPU i's band
uniform vec3 u_band_colors[8];
uniform float u_band_strip_px;   // width of the band colour strip at the matrix's left edge

out vec4 o_color;

// First matrix index covered by texel t of a view with `texels` texels per side (view.h's integer formula).
int cell_begin(int t, int texels) {
  return int((uint(t) * uint(u_n)) / uint(texels));
}

void main() {
  vec2 pix = vec2(gl_FragCoord.x, u_target_size.y - gl_FragCoord.y);  // top-down, pixel centres at .5
  vec2 t = u_origin + pix * u_texels_per_px;
  if (t.x < 0.0 || t.y < 0.0 || t.x >= float(u_view_size.x) || t.y >= float(u_view_size.y)) {
    o_color = u_background;
    return;
  }
  ivec2 texel = ivec2(floor(t));
  uint code = texelFetch(u_codes, texel, 0).r;
  if (u_texels_per_px > 1.0) {
    // Zoomed out: a pixel covers several texels. Read the minimum pyramid (shaders/min_reduce.frag) at the level
    // whose texels are at least as large as the pixel, so at most 2 x 2 of them cover it: the pixel shows the
    // smallest distance under it (INF is the largest code) and a short path never vanishes.
    int level = clamp(int(ceil(log2(u_texels_per_px))), 0, u_max_level);
    float size = exp2(float(level));
    ivec2 dims = textureSize(u_codes, level);
    vec2 lo = max(t - 0.5 * u_texels_per_px, vec2(0.0));
    vec2 hi = min(t + 0.5 * u_texels_per_px, vec2(u_view_size)) - 1e-3;
    ivec2 b0 = min(ivec2(floor(lo / size)), dims - 1);
    ivec2 b1 = min(ivec2(floor(hi / size)), dims - 1);
    uint best = 0x1FFu;
    uint improved = 0u;
    for (int y = b0.y; y <= b1.y; ++y) {
      for (int x = b0.x; x <= b1.x; ++x) {
        uint c = texelFetch(u_codes, ivec2(x, y), level).r;
        best = min(best, c & 0x1FFu);
        improved |= c & 0x8000u;
      }
    }
    code = best | improved;
  }
  vec3 color = texelFetch(u_lut, ivec2(int(code & 0x1FFu), 0), 0).rgb;

  if (u_overlays != 0 || u_grid_alpha > 0.0) {
    vec2 cells_per_texel = vec2(float(u_n)) / vec2(u_view_size);
    vec2 cellf = t * cells_per_texel;  // continuous (column, row)
    ivec2 cell = ivec2(cell_begin(texel.x, u_view_size.x), cell_begin(texel.y, u_view_size.y));
    ivec2 blk = cell / u_block;
    float px_per_cell = 1.0 / (u_texels_per_px * cells_per_texel.x);

    vec2 block_lo = vec2(blk * u_block);
    vec2 block_hi = min(block_lo + vec2(float(u_block)), vec2(float(u_n)));
    vec2 to_lo = (cellf - block_lo) * px_per_cell;
    vec2 to_hi = (block_hi - cellf) * px_per_cell;
    float edge_px = min(min(to_lo.x, to_lo.y), min(to_hi.x, to_hi.y));
    bool outline = edge_px < u_outline_px;

    // Which GPU owns this row: a faint tint under the phase overlays (a strip on top of them, below).
    int band = -1;
    if (u_overlays != 0 && u_band_count > 1) {
      for (int i = 0; i < u_band_count; ++i) {
        if (cell.y < u_band_end[i]) {
          band = i;
          break;
        }
      }
      if (band >= 0) color = mix(color, u_band_colors[band], 0.10);
    }

    bool in_pivot_row = blk.y == u_round;
    bool in_pivot_col = blk.x == u_round;
    if (u_overlays != 0 && u_phase >= 0) {
      if (in_pivot_row && in_pivot_col) {
        color = outline ? u_pivot_color : mix(color, u_pivot_color, 0.30);
      } else if ((in_pivot_row || in_pivot_col) && u_phase >= 1) {
        color = outline ? u_rowcol_color : mix(color, u_rowcol_color, 0.25);
      } else if (!in_pivot_row && !in_pivot_col && u_phase == 2) {
        // Hatching keeps the colormap readable while marking the (many) independent blocks.
        float period = 10.0 * u_ui_scale;
        if (mod(pix.x + pix.y, period) < 0.2 * period) color = mix(color, u_independent_color, 0.4);
      }
    }
    bool on_k_line = cell.x == u_k_vertex || cell.y == u_k_vertex;
    if (u_overlays != 0 && u_k_vertex >= 0 && on_k_line && (in_pivot_row || in_pivot_col)) {
      // The textbook picture of one k-step: row k and column k feed every update d[i][j] = d[i][k] + d[k][j].
      color = mix(color, u_k_color, 0.6);
    }
    if (u_overlays != 0 && (code & 0x8000u) != 0u) color = mix(color, u_improved_color, u_improved);
    if (u_grid_alpha > 0.0 && px_per_cell * float(u_block) >= 12.0) {
      if (min(to_lo.x, to_lo.y) < 1.0) color = mix(color, u_grid_color, u_grid_alpha);
    }
    if (band >= 0 && t.x / u_texels_per_px < u_band_strip_px) color = u_band_colors[band];
  }
  o_color = vec4(color, 1.0);
}
