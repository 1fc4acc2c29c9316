#pragma once
// CUDA–OpenGL interop for the heatmap texture. This header is host-only (no CUDA, no interop headers);
// render/interop.cpp is the one file that includes both cuda_gl_interop.h and GL, and is compiled only in CUDA
// builds (render/no_interop.cpp says why not otherwise).
#include <apsp/view/device_view.h>

#include <memory>
#include <string>

#include "render/heatmap_texture.h"

namespace apsp::studio {

class HeatmapInterop {
 public:
  virtual ~HeatmapInterop() = default;
  /// @brief Writes level 0 of @p texture from @p encoder's last reduction: map the registered texture, take
  /// its array, make a surface object, enqueue the encode, unmap. The texture is mapped only inside this call,
  /// never while GL draws. (Re)registers when the texture's storage changed. Returns the host milliseconds of
  /// map .. unmap (the encode itself is timed on the GPU by the encoder).
  virtual double update(HeatmapTexture& texture, DeviceViewEncoder& encoder, bool mark_improved) = 0;
  /// @brief The high-priority stream the encodes run on (cudaStream_t), for tooltip read-backs.
  virtual void* stream() const = 0;
  /// @brief Something the log should say (e.g. a GL error the driver left behind a registration), once.
  virtual std::string take_note() = 0;
};

/// @brief Either an interop for @p cuda_device, or why the host upload path must be used instead.
struct InteropChoice {
  std::unique_ptr<HeatmapInterop> interop;
  std::string reason;  ///< why interop is on ("GL and CUDA on NVIDIA ...") or off ("software GL ...")
};

/// @brief Checks that the current GL context runs on @p cuda_device (GL vendor NVIDIA and cudaGLGetDevices
/// lists it) and that a GL_R16UI texture registers for surface writes. Needs the GL context current.
InteropChoice create_heatmap_interop(int cuda_device);

}  // namespace apsp::studio
