#version 330 core
// Copies the CUDA-written staging texture into level 0 of the heatmap's code texture, texel for texel. A draw
// (sampling the staging texture) rather than a blit, so the CUDA-registered texture is only ever sampled by GL,
// the use CUDA–GL interop is made for.
uniform usampler2D u_src;
out uvec4 o_code;

void main() { o_code = uvec4(texelFetch(u_src, ivec2(gl_FragCoord.xy), 0).r, 0u, 0u, 0u); }
