#pragma once
// Core-profile entry points straight from GLVND's libOpenGL, which exports every GL 4.5 function, so the
// studio needs no loader. The same library serves both the GLX (GLFW) and the EGL (headless) contexts.
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include <GL/glcorearb.h>
