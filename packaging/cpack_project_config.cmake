# Read by cpack for each generator. The .deb must install and run on a machine without the CUDA toolkit.
if(CPACK_GENERATOR STREQUAL "DEB")
  if(CPACK_APSP_WITH_CUDA)
    message(FATAL_ERROR "apsp-studio .deb: this build links the CUDA toolkit's libcudart, libnccl and libcupti, "
                        "which no Debian package provides. Package a CPU-only build: configure a build directory "
                        "with -DAPSP_CUDA=OFF (scripts/check-package does), then run cpack -G DEB there.")
  endif()
  if(NOT CPACK_APSP_STUDIO_ENABLED)
    message(FATAL_ERROR "apsp-studio .deb: this build has no apsp-studio (APSP_BUILD_STUDIO=OFF or GLFW/ImGui "
                        "missing); the package needs both programs.")
  endif()
endif()
