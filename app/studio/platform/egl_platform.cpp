// Headless rendering: an EGL OpenGL 3.3 core context with no window system, drawing into an offscreen
// framebuffer. Device order: the NVIDIA device (so CUDA–GL interop can work later), any other hardware
// device, Mesa's software device, then Mesa's surfaceless platform.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "platform/gl_check.h"
#include "platform/gl_handles.h"
#include "platform/platform.h"

namespace apsp::studio {
namespace {

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  std::size_t len = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += len) {
    bool start_ok = p == list || p[-1] == ' ';
    bool end_ok = p[len] == ' ' || p[len] == '\0';
    if (start_ok && end_ok) return true;
  }
  return false;
}

struct Candidate {
  EGLDisplay display = EGL_NO_DISPLAY;
  std::string label;
};

// A display refreshes at 60 Hz: an offscreen "vsync" keeps batch playback (and the frame statistics taken
// during it) at the rate a window would run at, instead of re-encoding the heatmap as fast as the GPU allows.
constexpr std::chrono::microseconds kFramePeriod(16667);

// GPU servers often install NVIDIA's EGL vendor file outside GLVND's default directories (e.g. under
// /usr/local/nvidia): add that directory, keeping the default ones for Mesa, unless the user chose already.
void add_nvidia_egl_vendor_dir() {
  if (std::getenv("__EGL_VENDOR_LIBRARY_FILENAMES") || std::getenv("__EGL_VENDOR_LIBRARY_DIRS")) return;
  const char* nvidia_dir = "/usr/local/nvidia/share/glvnd/egl_vendor.d";
  std::error_code ec;
  if (!std::filesystem::exists(std::string(nvidia_dir) + "/10_nvidia.json", ec)) return;
  std::string dirs = std::string(nvidia_dir) + ":/etc/glvnd/egl_vendor.d:/usr/share/glvnd/egl_vendor.d";
  setenv("__EGL_VENDOR_LIBRARY_DIRS", dirs.c_str(), 0);
}

// Lower rank first: NVIDIA, other hardware (a DRM node), software.
int device_rank(const char* extensions) {
  if (has_extension(extensions, "EGL_NV_device_cuda")) return 0;
  if (has_extension(extensions, "EGL_EXT_device_drm")) return 1;
  return 2;
}

std::string egl_error_text(const char* what) {
  char buf[64];
  std::snprintf(buf, sizeof buf, " (EGL error 0x%04x)", static_cast<unsigned>(eglGetError()));
  return std::string(what) + buf;
}

class EglPlatform final : public Platform {
 public:
  explicit EglPlatform(const PlatformOptions& options) {
    m_scale = options.scale_override > 0 ? options.scale_override : 1.0f;
    m_vsync = options.vsync;
    add_nvidia_egl_vendor_dir();
    m_size = options.size;
    if (m_size.width <= 0 || m_size.height <= 0) {
      m_size = {static_cast<int>(std::lround(1280 * m_scale)), static_cast<int>(std::lround(800 * m_scale))};
    }
    std::vector<std::string> failures;
    for (Candidate& c : candidates(failures)) {
      if (try_display(c, failures)) break;
    }
    if (m_display == EGL_NO_DISPLAY) {
      std::string reason;
      for (const auto& f : failures) reason += (reason.empty() ? "" : "; ") + f;
      // One line: what was tried and why each failed.
      throw GlError("headless rendering needs an NVIDIA EGL device or Mesa's EGL with OpenGL 3.3 core; none worked: " +
                    (reason.empty() ? std::string("no EGL devices found") : reason));
    }
    create_target();
  }

  ~EglPlatform() override {
    m_color.reset();
    m_fbo.reset();
    eglMakeCurrent(m_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (m_surface != EGL_NO_SURFACE) eglDestroySurface(m_display, m_surface);
    eglDestroyContext(m_display, m_context);
    eglTerminate(m_display);
  }

  std::string description() const override { return "EGL headless (" + m_label + ") | " + gl_description(); }
  bool headless() const override { return true; }

  std::unique_ptr<FrameGraphics> create_frame_graphics() override { return create_gl_frame_graphics(); }
  void init_imgui() override {
    ImGuiIO& io = ImGui::GetIO();
    io.BackendPlatformName = "apsp_egl_headless";
    io.DisplaySize = ImVec2(static_cast<float>(m_size.width), static_cast<float>(m_size.height));
    m_last = std::chrono::steady_clock::now();
  }
  void shutdown_imgui() override { ImGui::GetIO().BackendPlatformName = nullptr; }

  void new_frame() override {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(m_size.width), static_cast<float>(m_size.height));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    auto now = std::chrono::steady_clock::now();
    float dt = std::chrono::duration<float>(now - m_last).count();
    m_last = now;
    io.DeltaTime = dt > 0 ? dt : 1.0f / 60.0f;
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // no pointer: nothing is hovered
  }
  void present() override {
    glFlush();
    if (!m_vsync) return;
    // A fixed schedule like a display's vsync: sleeping "one period after the last wake-up" would add the
    // sleep's overshoot to every frame. A frame that runs late starts a new schedule instead of bursting.
    m_last_present += kFramePeriod;
    const auto now = std::chrono::steady_clock::now();
    if (now < m_last_present)
      std::this_thread::sleep_until(m_last_present);
    else if (now - m_last_present > kFramePeriod)
      m_last_present = now;
  }
  bool wait_events(double) override { return true; }  // offscreen: no input to wait for, frames are paced
  void wake() override {}

  bool should_close() const override { return m_close; }
  void request_close() override { m_close = true; }

  Size framebuffer_size() const override { return m_size; }
  Size window_size() const override { return m_size; }
  float content_scale() const override { return m_scale; }
  GLuint framebuffer() const override { return m_fbo.get(); }
  GLenum read_buffer() const override { return GL_COLOR_ATTACHMENT0; }

 private:
  std::vector<Candidate> candidates(std::vector<std::string>& failures) {
    std::vector<Candidate> out;
    auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
    auto query_device_string =
        reinterpret_cast<PFNEGLQUERYDEVICESTRINGEXTPROC>(eglGetProcAddress("eglQueryDeviceStringEXT"));
    auto get_platform_display =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (query_devices && query_device_string && get_platform_display) {
      EGLint count = 0;
      query_devices(0, nullptr, &count);
      std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(count > 0 ? count : 0));
      if (count > 0) query_devices(count, devices.data(), &count);
      std::vector<std::pair<int, Candidate>> ranked;
      for (EGLint i = 0; i < count; ++i) {
        const char* ext = query_device_string(devices[static_cast<std::size_t>(i)], EGL_EXTENSIONS);
        Candidate c;
        c.display = get_platform_display(EGL_PLATFORM_DEVICE_EXT, devices[static_cast<std::size_t>(i)], nullptr);
        int rank = device_rank(ext);
        c.label = "EGL device " + std::to_string(i) + (rank == 0 ? " NVIDIA" : rank == 1 ? " DRM" : " software");
        EGLAttrib cuda_device = -1;
        auto query_attrib =
            reinterpret_cast<PFNEGLQUERYDEVICEATTRIBEXTPROC>(eglGetProcAddress("eglQueryDeviceAttribEXT"));
        if (rank == 0 && query_attrib &&
            query_attrib(devices[static_cast<std::size_t>(i)], EGL_CUDA_DEVICE_NV, &cuda_device) == EGL_TRUE) {
          c.label += ", CUDA device " + std::to_string(cuda_device);
          // Solvers run on CUDA device 0 unless told otherwise: render on that one for CUDA–GL interop.
          if (cuda_device != 0) rank = 1;
        }
        if (c.display == EGL_NO_DISPLAY) {
          failures.push_back(c.label + ": " + egl_error_text("no display"));
          continue;
        }
        ranked.emplace_back(rank, c);
      }
      std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      for (auto& r : ranked) out.push_back(r.second);
    } else {
      failures.push_back("EGL_EXT_device_enumeration not supported");
    }
    if (get_platform_display) {
      EGLDisplay d = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
      if (d != EGL_NO_DISPLAY) out.push_back({d, "Mesa surfaceless"});
    }
    return out;
  }

  bool try_display(const Candidate& c, std::vector<std::string>& failures) {
    EGLint major = 0, minor = 0;
    if (eglInitialize(c.display, &major, &minor) != EGL_TRUE) {
      failures.push_back(c.label + ": " + egl_error_text("eglInitialize failed"));
      return false;
    }
    auto fail = [&](const char* what) {
      failures.push_back(c.label + ": " + egl_error_text(what));
      eglTerminate(c.display);
      return false;
    };
    if (eglBindAPI(EGL_OPENGL_API) != EGL_TRUE) return fail("no desktop OpenGL");
    const EGLint config_attribs[] = {EGL_SURFACE_TYPE,
                                     EGL_PBUFFER_BIT,
                                     EGL_RENDERABLE_TYPE,
                                     EGL_OPENGL_BIT,
                                     EGL_RED_SIZE,
                                     8,
                                     EGL_GREEN_SIZE,
                                     8,
                                     EGL_BLUE_SIZE,
                                     8,
                                     EGL_NONE};
    EGLConfig config = nullptr;
    EGLint num_configs = 0;
    bool surfaceless = has_extension(eglQueryString(c.display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context");
    if (eglChooseConfig(c.display, config_attribs, &config, 1, &num_configs) != EGL_TRUE || num_configs < 1) {
      // Surfaceless displays may offer no pbuffer configs; any GL config does without a surface.
      const EGLint any_attribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
      if (!surfaceless || eglChooseConfig(c.display, any_attribs, &config, 1, &num_configs) != EGL_TRUE ||
          num_configs < 1) {
        return fail("no OpenGL config");
      }
    }
    const EGLint context_attribs[] = {
        EGL_CONTEXT_MAJOR_VERSION,           3,       EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
        EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext context = eglCreateContext(c.display, config, EGL_NO_CONTEXT, context_attribs);
    if (context == EGL_NO_CONTEXT) return fail("no OpenGL 3.3 core context");
    EGLSurface surface = EGL_NO_SURFACE;
    if (!surfaceless) {
      // The frame goes to our own FBO; a tiny pbuffer only satisfies eglMakeCurrent.
      const EGLint pbuffer_attribs[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
      surface = eglCreatePbufferSurface(c.display, config, pbuffer_attribs);
      if (surface == EGL_NO_SURFACE) {
        eglDestroyContext(c.display, context);
        return fail("no pbuffer surface");
      }
    }
    if (eglMakeCurrent(c.display, surface, surface, context) != EGL_TRUE) {
      if (surface != EGL_NO_SURFACE) eglDestroySurface(c.display, surface);
      eglDestroyContext(c.display, context);
      return fail("eglMakeCurrent failed");
    }
    m_display = c.display;
    m_context = context;
    m_surface = surface;
    m_label = c.label + ", EGL " + std::to_string(major) + "." + std::to_string(minor);
    return true;
  }

  void create_target() {
    check_framebuffer_size(m_size.width, m_size.height, true);  // before the renderbuffer takes its memory
    m_fbo = make_gl_framebuffer();
    m_color = make_gl_renderbuffer();
    glBindRenderbuffer(GL_RENDERBUFFER, m_color.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, m_size.width, m_size.height);
    glBindFramebuffer(GL_FRAMEBUFFER, m_fbo.get());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, m_color.get());
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      throw GlError("headless framebuffer " + std::to_string(m_size.width) + "x" + std::to_string(m_size.height) +
                    " is incomplete");
    }
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
    check_gl("headless framebuffer");
  }

  EGLDisplay m_display = EGL_NO_DISPLAY;
  EGLContext m_context = EGL_NO_CONTEXT;
  EGLSurface m_surface = EGL_NO_SURFACE;
  std::string m_label;
  Size m_size;
  float m_scale = 1;
  bool m_close = false;
  GlFramebuffer m_fbo;
  GlRenderbuffer m_color;
  std::chrono::steady_clock::time_point m_last;
  std::chrono::steady_clock::time_point m_last_present;
  bool m_vsync = true;
};

}  // namespace

std::unique_ptr<Platform> create_headless_platform(const PlatformOptions& options) {
  return std::make_unique<EglPlatform>(options);
}

}  // namespace apsp::studio
