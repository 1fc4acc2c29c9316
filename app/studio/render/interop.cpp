// The only file where CUDA meets OpenGL: registers the heatmap's GL_R16UI texture with CUDA, and per update
// maps it, wraps level 0 in a surface object for DeviceViewEncoder's encode kernel, and unmaps it again, so
// GL never draws from a mapped texture. Compiled only in CUDA builds.
#include "platform/gl.h"

// cuda_gl_interop.h wants the GL types declared first.
#include <apsp/core/errors.h>
#include <apsp/device/check.cuh>
#include <apsp/device/stream.cuh>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <chrono>
#include <cstring>
#include <string>
#include <utility>

#include "platform/gl_check.h"
#include "platform/gl_handles.h"
#include "platform/shader.h"
#include "render/interop.h"

namespace apsp::studio {
namespace {

using cuda::cuda_error_text;

// Reads (and clears) the GL error flags a CUDA registration call may leave behind in the current context: the
// registration itself reports through its cudaError_t, so a GL flag there is noted, not fatal; the pixel
// identity tests then show whether the texture really works.
std::string take_gl_error_after(const char* call) {
  GLenum first = glGetError();
  if (first == GL_NO_ERROR) return {};
  for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) {
  }
  return std::string(gl_error_name(first)) + " left in GL by " + call + " (ignored)";
}

std::string gl_string(GLenum name) {
  const GLubyte* s = glGetString(name);
  return s ? reinterpret_cast<const char*>(s) : "";
}

/// @brief A GL texture registered with CUDA; unregistered on destruction (the GL texture must outlive it).
class GraphicsResource {
 public:
  GraphicsResource() = default;
  /// @brief Registers @p texture for surface writes into @p out (empty on failure); returns the status.
  static cudaError_t register_texture(GLuint texture, GraphicsResource& out) {
    out.reset();
    const cudaError_t status =
        cudaGraphicsGLRegisterImage(&out.m_resource, texture, GL_TEXTURE_2D, cudaGraphicsRegisterFlagsSurfaceLoadStore);
    if (status != cudaSuccess) out.m_resource = nullptr;
    return status;
  }
  ~GraphicsResource() { reset(); }
  GraphicsResource(const GraphicsResource&) = delete;
  GraphicsResource& operator=(const GraphicsResource&) = delete;
  GraphicsResource(GraphicsResource&& o) noexcept : m_resource(o.m_resource) { o.m_resource = nullptr; }
  GraphicsResource& operator=(GraphicsResource&& o) noexcept {
    if (this != &o) {
      reset();
      m_resource = o.m_resource;
      o.m_resource = nullptr;
    }
    return *this;
  }
  void reset() noexcept {
    if (m_resource) (void)cudaGraphicsUnregisterResource(m_resource);
    m_resource = nullptr;
  }
  cudaGraphicsResource_t get() const { return m_resource; }
  explicit operator bool() const { return m_resource != nullptr; }

 private:
  cudaGraphicsResource_t m_resource = nullptr;
};

/// @brief Maps a registered resource for the lifetime of one update only.
class ScopedMap {
 public:
  ScopedMap(cudaGraphicsResource_t resource, cudaStream_t stream) : m_resource(resource), m_stream(stream) {
    APSP_CUDA_CHECK(cudaGraphicsMapResources(1, &m_resource, m_stream));
  }
  ~ScopedMap() {
    // Only on an exception path; a failed unmap's error is cleared so no later launch check reports it.
    if (m_resource && cudaGraphicsUnmapResources(1, &m_resource, m_stream) != cudaSuccess) (void)cudaGetLastError();
  }
  ScopedMap(const ScopedMap&) = delete;
  ScopedMap& operator=(const ScopedMap&) = delete;
  /// @brief Unmaps now, reporting errors (the destructor cannot).
  void unmap() {
    cudaGraphicsResource_t r = m_resource;
    m_resource = nullptr;
    APSP_CUDA_CHECK(cudaGraphicsUnmapResources(1, &r, m_stream));
  }

 private:
  cudaGraphicsResource_t m_resource;
  cudaStream_t m_stream;
};

/// @brief A surface object over a mapped array; destroyed only once the work using it finished.
class SurfaceObject {
 public:
  SurfaceObject() = default;
  explicit SurfaceObject(cudaArray_t array) {
    cudaResourceDesc desc{};
    desc.resType = cudaResourceTypeArray;
    desc.res.array.array = array;
    APSP_CUDA_CHECK(cudaCreateSurfaceObject(&m_surface, &desc));
  }
  ~SurfaceObject() {
    if (m_surface) (void)cudaDestroySurfaceObject(m_surface);
  }
  SurfaceObject(const SurfaceObject&) = delete;
  SurfaceObject& operator=(const SurfaceObject&) = delete;
  SurfaceObject(SurfaceObject&& o) noexcept : m_surface(o.m_surface) { o.m_surface = 0; }
  SurfaceObject& operator=(SurfaceObject&& o) noexcept {
    if (this != &o) {
      if (m_surface) (void)cudaDestroySurfaceObject(m_surface);
      m_surface = o.m_surface;
      o.m_surface = 0;
    }
    return *this;
  }
  cudaSurfaceObject_t get() const { return m_surface; }

 private:
  cudaSurfaceObject_t m_surface = 0;
};

// CUDA writes a single-level staging texture that only it registers; a draw that samples it then copies it into
// level 0 of the heatmap texture. The heatmap texture itself is never registered: MinPyramid changes its
// base/max level parameters and renders into its levels, which a registered texture need not allow (on an
// H200 the registered pyramid texture made MinPyramid fail with GL_INVALID_OPERATION).
class CudaGlInterop final : public HeatmapInterop {
 public:
  explicit CudaGlInterop(int device)
      : m_device(device),
        m_copy(build_program("shaders/heatmap.vert", "shaders/copy_codes.frag")),
        m_vao(make_gl_vertex_array()),
        m_fbo(make_gl_framebuffer()) {}
  ~CudaGlInterop() override {
    (void)cudaSetDevice(m_device);
    (void)cudaStreamSynchronize(m_stream.get());  // the surface and the resource must outlive their last use
  }

  double update(HeatmapTexture& texture, DeviceViewEncoder& encoder, bool mark_improved) override {
    APSP_CUDA_CHECK(cudaSetDevice(m_device));
    check_gl("before CUDA-GL interop");
    const ViewGeometry& g = encoder.geometry();
    texture.allocate(g);  // no-op unless the size changed
    if (!m_resource || m_rows != g.rows || m_cols != g.cols) {
      // Re-specifying a registered texture's storage is not allowed: unregister, reallocate, register again.
      APSP_CUDA_CHECK(cudaStreamSynchronize(m_stream.get()));
      m_surface = SurfaceObject();
      m_resource.reset();
      m_staging = make_gl_texture();
      glBindTexture(GL_TEXTURE_2D, m_staging.get());
      glTexImage2D(GL_TEXTURE_2D, 0, GL_R16UI, g.cols, g.rows, 0, GL_RED_INTEGER, GL_UNSIGNED_SHORT, nullptr);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
      check_gl("CUDA-GL interop: staging texture");
      APSP_CUDA_CHECK(GraphicsResource::register_texture(m_staging.get(), m_resource));
      if (std::string e = take_gl_error_after("cudaGraphicsGLRegisterImage"); !e.empty()) m_note = e;
      m_rows = g.rows;
      m_cols = g.cols;
    }
    auto t0 = std::chrono::steady_clock::now();
    // The previous update's surface is certainly idle by now (a frame ago); wait anyway rather than assume.
    APSP_CUDA_CHECK(cudaStreamSynchronize(m_stream.get()));
    {
      ScopedMap map(m_resource.get(), m_stream.get());
      cudaArray_t array = nullptr;
      APSP_CUDA_CHECK(cudaGraphicsSubResourceGetMappedArray(&array, m_resource.get(), 0, 0));
      m_surface = SurfaceObject(array);
      encoder.encode_async(m_surface.get(), mark_improved, m_stream.get());
      map.unmap();
    }
    check_gl("CUDA-GL interop: after map/unmap");
    copy_to_level0(texture, g);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    texture.mark_written();
    return ms;
  }

  void* stream() const override { return m_stream.get(); }
  std::string take_note() override { return std::exchange(m_note, {}); }

 private:
  // Texel for texel: the fragment at (x, y) of level 0 fetches texel (x, y) of the staging texture.
  void copy_to_level0(const HeatmapTexture& texture, const ViewGeometry& g) {
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glUseProgram(m_copy.get());
    glUniform1i(uniform_location(m_copy, "u_src"), 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, m_staging.get());
    glBindFramebuffer(GL_FRAMEBUFFER, m_fbo.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture.texture(), 0);
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
    glViewport(0, 0, g.cols, g.rows);
    glBindVertexArray(m_vao.get());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glBindVertexArray(0);
    glUseProgram(0);
    check_gl("CUDA-GL interop: copy into the heatmap texture");
  }

  int m_device;
  // Highest priority: the encode's few CTAs go ahead of a long phase-3 launch's queued ones.
  cuda::Stream m_stream = cuda::Stream::create(/*high_priority=*/true);
  GlProgram m_copy;
  GlVertexArray m_vao;
  GlFramebuffer m_fbo;
  GlTexture m_staging;          // CUDA's target; declared before the resource, which must go first
  GraphicsResource m_resource;  // unregistered before the staging texture and the stream are destroyed
  SurfaceObject m_surface;
  int m_rows = 0;
  int m_cols = 0;
  std::string m_note;
};

}  // namespace

InteropChoice create_heatmap_interop(int cuda_device) {
  const std::string vendor = gl_string(GL_VENDOR), renderer = gl_string(GL_RENDERER);
  if (vendor.find("NVIDIA") == std::string::npos) {
    return {nullptr, "GL renderer '" + renderer + "' (" + vendor + ") is not on the NVIDIA GPU"};
  }
  if (cudaSetDevice(cuda_device) != cudaSuccess) {
    (void)cudaGetLastError();
    return {nullptr, "CUDA device " + std::to_string(cuda_device) + " cannot be selected"};
  }
  unsigned int count = 0;
  int devices[16] = {};
  cudaError_t status = cudaGLGetDevices(&count, devices, 16, cudaGLDeviceListAll);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();
    return {nullptr, "cudaGLGetDevices: " + cuda_error_text(status)};
  }
  bool same = false;
  for (unsigned int i = 0; i < count && i < 16; ++i) same = same || devices[i] == cuda_device;
  if (!same) {
    return {nullptr, "the GL context is not on CUDA device " + std::to_string(cuda_device) + " (" +
                         std::to_string(count) + " CUDA devices behind GL)"};
  }
  // Registration of the very format the heatmap uses must work, or nothing else will.
  GlTexture probe = make_gl_texture();
  glBindTexture(GL_TEXTURE_2D, probe.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R16UI, 4, 4, 0, GL_RED_INTEGER, GL_UNSIGNED_SHORT, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl("interop probe texture");
  std::string note;
  {
    GraphicsResource r;
    status = GraphicsResource::register_texture(probe.get(), r);
    if (status != cudaSuccess) {
      (void)cudaGetLastError();
      return {nullptr, "cudaGraphicsGLRegisterImage(GL_R16UI) failed: " + cuda_error_text(status)};
    }
    note = take_gl_error_after("cudaGraphicsGLRegisterImage");
  }
  if (std::string e = take_gl_error_after("cudaGraphicsUnregisterResource"); !e.empty()) {
    note += (note.empty() ? "" : "; ") + e;
  }
  try {
    auto interop = std::make_unique<CudaGlInterop>(cuda_device);
    return {std::move(interop), "GL (" + renderer + ") and the solver share CUDA device " +
                                    std::to_string(cuda_device) + (note.empty() ? "" : "; " + note)};
  } catch (const std::exception& e) {
    return {nullptr, e.what()};
  }
}

}  // namespace apsp::studio
