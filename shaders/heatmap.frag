#version 330 core
// Distance heatmap: integer view codes (see engine/include/apsp/view/view.h) through a colormap lookup table,
// then the blocked algorithm's overlays. The codes are integers so that, with overlays off, every pixel is
// exactly lut[code]: exported images can be compared bit for bit with the distances.
//
// Overlays never tint a cell (render/overlay_style.h says the shapes): once a texel is at least
// u_exact_cell_px pixels wide they draw only in its outer u_rim_fraction, so its centre keeps lut[code] exactly.
// Blocks are whole texel ranges, also in tiled views: texel t belongs to the block of the first cell it covers,
// so block outlines fall on texel edges and match the tooltip's "block (bi, bj)".

uniform usampler2D u_codes;      // R16UI, cols x rows: 0..255 colormap index, 256 INF, 257 not computed yet
                                 // (a sparse solve's pending rows), bit 15 "improved"
uniform sampler2D u_lut;         // 258 x 1 RGBA8: entries 0..255 colormap, 256 INF colour, 257 not yet computed
uniform vec2 u_target_size;      // pixels
uniform vec2 u_origin;           // view texel coordinate at the target's top-left corner
uniform float u_texels_per_px;   // zoom
uniform ivec2 u_view_size;       // (cols, rows) of the code texture
uniform int u_max_level;         // last level of the code texture's minimum pyramid
uniform int u_n;                 // matrix size (columns)
uniform int u_n_rows;            // matrix rows: u_n, or S of a sparse solve's S x n rows
uniform int u_block;             // pivot block size B
uniform int u_round;             // round of the step just done
uniform int u_phase;             // phase just done: 1 pivot, 2 pivot row/column, 3 independent, 0 full pass; -1 none
uniform int u_k_vertex;          // k-steps: the intermediate vertex k of the step just done; -1 otherwise
uniform int u_overlays;          // 0: colormap only (pixel-exact export)
uniform int u_improved;          // 1: mark the cells the step just done improved
uniform float u_grid_alpha;      // block grid lines, 0 = off
uniform float u_outline_px;      // outline width of highlighted blocks
uniform float u_ui_scale;        // content scale, for hatching and dash periods
uniform float u_rim_fraction;    // overlays stay within this fraction of a large cell, per side
uniform float u_exact_cell_px;   // from this texel size on, the cell centres are never drawn over
uniform vec4 u_background;
uniform vec3 u_pivot_color;
uniform vec3 u_rowcol_color;
uniform vec3 u_improved_color;
uniform vec3 u_k_color;
uniform vec3 u_source_color;
uniform vec3 u_path_color;
uniform vec3 u_link_color;       // core of the links from blocks read to blocks written, cased in u_light
uniform vec3 u_dark;
uniform vec3 u_light;
uniform vec3 u_grid_color;
uniform ivec2 u_selected;        // (i, j) of the selected cell; i < 0: none
uniform ivec2 u_source_ik;       // the relaxation's source cells (i, k) and (k, j); i < 0: none
uniform ivec2 u_source_kj;
const int kMaxPathCells = 64;
uniform int u_path_count;
uniform ivec2 u_path_cells[kMaxPathCells];  // (v_t, v_t+1) of the current path
const int kMaxBlockLinks = 16;   // teach/block_flow.h
uniform int u_link_count;
uniform ivec4 u_links[kMaxBlockLinks];  // (from block row, from block col, to block row, to block col)
uniform int u_band_count;        // multi-GPU: > 1 row bands, one per GPU (0: none)
uniform int u_band_end[8];       // end row (exclusive) of GPU i's band
uniform vec3 u_band_colors[8];
uniform float u_band_strip_px;   // width of the band colour strip at the matrix's left edge
uniform int u_neutral_fill;      // 1: Π shown, every computed cell u_neutral_color (numbers drawn over it)
uniform vec3 u_neutral_color;

out vec4 o_color;

// First matrix index covered by texel t of an axis of `cells` cells over `texels` texels (view.h's integer
// formula).
int cell_begin_of(int t, int texels, int cells) {
  return int((uint(t) * uint(cells)) / uint(texels));
}
int cell_begin(int t, int texels) { return cell_begin_of(t, texels, u_n); }

// First texel whose first cell is at or after matrix index c: ceil(c * texels / n).
int texel_begin_of(int c, int texels, int cells) {
  return int((uint(c) * uint(texels) + uint(cells) - 1u) / uint(cells));
}
int texel_begin(int c, int texels) { return texel_begin_of(c, texels, u_n); }

// Whether texel t (along one axis of `cells` cells) covers matrix index c.
bool covers_of(int t, int texels, int cells, int c) {
  return c >= cell_begin_of(t, texels, cells) && c < cell_begin_of(t + 1, texels, cells);
}
bool covers(int t, int texels, int c) { return covers_of(t, texels, u_n, c); }
bool covers_row(int t, int c) { return covers_of(t, u_view_size.y, u_n_rows, c); }

bool covers_cell(ivec2 texel, ivec2 cell_ij) {
  return cell_ij.x >= 0 && covers_row(texel.y, cell_ij.x) && covers(texel.x, u_view_size.x, cell_ij.y);
}

// Block b's middle along one axis, in texels: the cell boundary nearest its middle, so that a link runs between
// two cells (in their rims), or the centre of a one-cell block.
float block_mid(int b, int texels, int cells) {
  int first = b * u_block;
  int end = min(cells, first + u_block);
  if (end - first >= 2) return float(texel_begin_of(first + (end - first) / 2, texels, cells));
  return 0.5 * float(texel_begin_of(first, texels, cells) + texel_begin_of(end, texels, cells));
}
float block_mid_row(int bi) { return block_mid(bi, u_view_size.y, u_n_rows); }
float block_mid_col(int bj) { return block_mid(bj, u_view_size.x, u_n); }
// Block b's edge along one axis, in texels: its first texel (far = false) or the end of its last.
float block_edge(int b, bool far, int texels, int cells) {
  return float(texel_begin_of(min(cells, (far ? b + 1 : b) * u_block), texels, cells));
}

// Whether texel position t lies on a link (teach/block_flow.h): a line from the middle of the block read to the
// near edge of the block written, its arrowhead's tip touching that edge (as in a diagram; the written block's
// selected cell is not covered). 0: no, 1: its light casing, 2: its dark core.
int link_mark(vec2 t, float ppt, float half_w, float head_half) {
  float casing = max(1.0, floor(0.35 * half_w + 0.5));
  int mark = 0;
  for (int l = 0; l < u_link_count && l < kMaxBlockLinks; ++l) {
    ivec4 k = u_links[l];
    bool horizontal = k.x == k.z;  // along a block row; else along a block column
    float across = horizontal ? t.y - block_mid_row(k.x) : t.x - block_mid_col(k.y);
    float from = horizontal ? block_mid_col(k.y) : block_mid_row(k.x);
    float to_mid = horizontal ? block_mid_col(k.w) : block_mid_row(k.z);
    float to = horizontal ? block_edge(k.w, to_mid < from, u_view_size.x, u_n)
                          : block_edge(k.z, to_mid < from, u_view_size.y, u_n_rows);
    float a = abs(across) * ppt;
    float along = ((horizontal ? t.x : t.y) - from) * sign(to - from) * ppt;  // pixels from the start
    float before_tip = abs(to - from) * ppt - along;
    float head_len = 2.0 * head_half;
    int m = 0;
    if (before_tip >= 0.0 && before_tip < head_len) {
      float w = head_half * before_tip / head_len;  // the arrowhead's half-width here
      if (a <= w) m = a <= w - casing ? 2 : 1;
    }
    if (m == 0 && along >= 0.0 && before_tip >= head_len * 0.5 && a <= half_w) m = a <= half_w - casing ? 2 : 1;
    mark = max(mark, m);
  }
  return mark;
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
  if (u_neutral_fill != 0 && (code & 0x1FFu) != 257u) color = u_neutral_color;
  if (u_overlays == 0 && u_grid_alpha <= 0.0) {
    o_color = vec4(color, 1.0);
    return;
  }

  // Where this pixel sits in its texel, in pixels, and the rim overlays may use.
  float ppt = 1.0 / u_texels_per_px;  // pixels per texel
  vec2 in_texel = fract(t);
  vec2 to_texel_lo = in_texel * ppt;
  vec2 to_texel_hi = (1.0 - in_texel) * ppt;
  bool exact = ppt >= u_exact_cell_px;
  float rim = exact ? max(1.0, floor(ppt * u_rim_fraction)) : max(1.0, ppt * u_rim_fraction);
  float texel_edge = min(min(to_texel_lo.x, to_texel_lo.y), min(to_texel_hi.x, to_texel_hi.y));
  bool in_rim = texel_edge < rim || ppt < 3.0;  // tiny texels have no centre to keep

  // The texel's block, and the block's texel span (outlines follow texel edges, also in tiled views).
  ivec2 cell = ivec2(cell_begin(texel.x, u_view_size.x), cell_begin_of(texel.y, u_view_size.y, u_n_rows));  // (col, row)
  ivec2 blk = cell / u_block;
  ivec2 span_lo = ivec2(texel_begin(blk.x * u_block, u_view_size.x),
                        texel_begin_of(blk.y * u_block, u_view_size.y, u_n_rows));
  ivec2 span_hi = min(ivec2(texel_begin((blk.x + 1) * u_block, u_view_size.x),
                            texel_begin_of((blk.y + 1) * u_block, u_view_size.y, u_n_rows)),
                      u_view_size);
  vec2 to_lo = (t - vec2(span_lo)) * ppt;
  vec2 to_hi = (vec2(span_hi) - t) * ppt;
  float edge_px = min(min(to_lo.x, to_lo.y), min(to_hi.x, to_hi.y));
  float outline_w = exact ? min(u_outline_px, rim) : u_outline_px;
  bool on_outline = edge_px < outline_w;
  bool vertical_edge = min(to_lo.x, to_hi.x) <= min(to_lo.y, to_hi.y);
  float along = vertical_edge ? pix.y : pix.x;
  float dash = 8.0 * u_ui_scale;

  if (u_grid_alpha > 0.0 && float(u_block) * ppt * float(u_view_size.x) / float(u_n) >= 12.0) {
    if (min(to_lo.x, to_lo.y) < 1.0) color = mix(color, u_grid_color, u_grid_alpha);
  }
  if (u_overlays == 0) {
    o_color = vec4(color, 1.0);
    return;
  }

  // Rows not computed yet (sparse solves): the flat grey, hatched with thin light lines so it cannot be read as
  // a grey colormap value. Nothing else is drawn over them.
  if ((code & 0x1FFu) == 257u) {
    float period = 6.0 * max(u_ui_scale, 1.0);
    if (mod(pix.x - pix.y, period) < max(1.0, floor(u_ui_scale + 0.5))) color = u_light;
    o_color = vec4(color, 1.0);
    return;
  }

  bool in_pivot_row = blk.y == u_round;
  bool in_pivot_col = blk.x == u_round;
  bool pivot = in_pivot_row && in_pivot_col;
  bool rowcol = in_pivot_row != in_pivot_col;
  bool blocked = u_phase >= 1;

  // Phase 3: two-tone hatching of the independent blocks, thin, inside the rims (visible on INF and dark cells).
  if (blocked && u_phase == 3 && !in_pivot_row && !in_pivot_col && in_rim) {
    float period = 7.0 * max(u_ui_scale, 1.0);
    float w = max(1.0, floor(u_ui_scale + 0.5));
    float d = mod(pix.x + pix.y, period);
    if (d < w) {
      color = u_light;
    } else if (d < 2.0 * w) {
      color = u_dark;
    }
  }

  // Row and column k of the k-step just done, only inside the blocks that step read: the pivot block in phase 1,
  // the pivot row and column blocks in phase 2 (with the pivot block), those blocks without the pivot in phase 3,
  // everything in a whole-matrix pass. Drawn as brackets along the row's (column's) sides.
  if (u_k_vertex >= 0 && u_phase >= 0) {
    bool region = u_phase == 0 || (u_phase == 1 && pivot) || (u_phase == 2 && (pivot || rowcol)) ||
                  (u_phase == 3 && rowcol);
    bool k_row = covers_row(texel.y, u_k_vertex);
    bool k_col = covers(texel.x, u_view_size.x, u_k_vertex);
    bool bracket = ppt < 3.0 || (k_row && min(to_texel_lo.y, to_texel_hi.y) < rim) ||
                   (k_col && min(to_texel_lo.x, to_texel_hi.x) < rim);
    if (region && (k_row || k_col) && bracket) {
      // A dark line on the cell's side of the bracket: where the hue blends into the cell, the line shows.
      float inner = min(k_row ? min(to_texel_lo.y, to_texel_hi.y) : 1e9, k_col ? min(to_texel_lo.x, to_texel_hi.x) : 1e9);
      color = rim >= 3.0 && inner >= rim - 1.0 ? u_dark : u_k_color;
    }
  }

  // Cells the step just done improved: a triangle in the texel's top-left corner, its legs half the texel (it
  // meets the central square in one point only), its long side edged dark then light so that it shows on any
  // cell colour, also where its hue blends in; a sparse stipple when texels are too small. The rings drawn
  // later (path, source, selection) leave it alone: a selected improved cell shows both.
  bool improved_mark = false;
  if (u_improved != 0 && (code & 0x8000u) != 0u) {
    if (ppt >= 4.0) {
      float corner = to_texel_lo.x + to_texel_lo.y;
      float legs = 2.0 * u_rim_fraction * ppt;
      bool outside_centre = to_texel_lo.x < rim || to_texel_lo.y < rim;
      if (corner < legs - 1.0) {
        color = u_improved_color;
        improved_mark = true;
      } else if (corner < legs + 1.0 && outside_centre) {
        color = corner < legs ? u_dark : u_light;
        improved_mark = true;
      }
    } else if (mod(floor(pix.x), 3.0) == 0.0 && mod(floor(pix.y), 3.0) == 0.0) {
      color = u_improved_color;
      improved_mark = true;
    }
  }

  // The links of the phase just done, under the block outlines so that those stay whole: a dark line cased in
  // light from each block read to the block written. Large cells keep their centres: the links run on cell
  // boundaries, within the rims, a third of a rim wide either side.
  if (blocked && u_link_count > 0 && (in_rim || !exact)) {
    float half_w = max(max(1.5, 0.5 * outline_w), exact ? 0.35 * rim : 0.0);
    int mark = link_mark(t, ppt, half_w, max(half_w + 2.0, exact ? rim : 3.0 * half_w));
    if (mark > 0) color = mark == 2 ? u_link_color : u_light;
  }

  // Block outlines by their role in the phase just done (teach/block_flow.h), so shape tells them apart as well
  // as hue: written, the pivot block solid (phase 1) and the pivot row/column blocks dashed (phase 2); only
  // read, a double outline - the pivot block in phase 2, the row/column blocks in phase 3. Phase 3 does not
  // use the pivot block: no outline.
  bool read_only = (pivot && u_phase == 2) || (rowcol && u_phase == 3);
  if (blocked && read_only) {
    float w = exact ? min(max(3.0, 1.5 * u_outline_px), max(rim, 2.0)) : max(3.0, 1.5 * u_outline_px);
    float line = max(1.0, floor(w / 3.0));
    vec3 hue = pivot ? u_pivot_color : u_rowcol_color;
    if (edge_px < line) {
      color = hue;
    } else if (edge_px >= w - line && edge_px < w) {
      color = w >= 3.0 ? hue : u_dark;  // too narrow for two lines: hue and a dark inner line
    }
  } else if (blocked && on_outline) {
    bool casing = outline_w >= 3.0 && edge_px >= outline_w - 1.0;  // a dark inner line keeps the hue readable
    if (pivot && u_phase == 1) {
      color = casing ? u_dark : u_pivot_color;
    } else if (rowcol && u_phase == 2) {
      color = casing || mod(along, dash) >= 0.6 * dash ? u_dark : u_rowcol_color;
    }
  }

  // The selected pair's current path: its cells (v_t, v_t+1) get a dotted ring.
  for (int p = 0; p < u_path_count && p < kMaxPathCells; ++p) {
    if (covers_cell(texel, u_path_cells[p]) && in_rim && !improved_mark) {
      float ds = max(2.0, floor(rim));
      bool dot = mod(floor(pix.x / ds) + floor(pix.y / ds), 2.0) == 0.0;
      color = dot ? u_path_color : u_dark;
      break;
    }
  }
  // The relaxation's source cells d[i][k] and d[k][j]: a solid ring with a dark inner line and a light outer one.
  if ((covers_cell(texel, u_source_ik) || covers_cell(texel, u_source_kj)) && in_rim && !improved_mark) {
    bool edged = rim >= 3.0;
    color = edged && texel_edge >= rim - 1.0 ? u_dark : edged && texel_edge < 1.0 ? u_light : u_source_color;
  }
  // The selected cell: a ring, light outside and dark inside.
  if (covers_cell(texel, u_selected) && in_rim && !improved_mark) {
    color = texel_edge < 0.5 * rim ? u_light : u_dark;
  }

  // Multi-GPU: the strip at the matrix's left edge in the colour of the GPU that owns the row.
  if (u_band_count > 1 && t.x / u_texels_per_px < u_band_strip_px) {
    int row = cell.y;
    for (int i = 0; i < u_band_count; ++i) {
      if (row < u_band_end[i]) {
        color = u_band_colors[i];
        break;
      }
    }
  }
  o_color = vec4(color, 1.0);
}
