# Sourced by scripts/gpu-*.sh on a GPU server. Sets APSP_GPU_CMAKE_ARGS: the prefix of the build-only Debian
# packages carried in .gpu-debs/deps (extracted under /tmp, nothing installed) and the course test data from
# .gpu-debs/testdata when ../shared is not beside the checkout.
apsp_gpu_cmake_args() {
  APSP_GPU_CMAKE_ARGS=()
  if ls .gpu-debs/deps/*.deb > /dev/null 2>&1; then
    rm -rf /tmp/apsp-deps && mkdir -p /tmp/apsp-deps
    local f
    for f in .gpu-debs/deps/*.deb; do dpkg -x "$f" /tmp/apsp-deps; done
    APSP_GPU_CMAKE_ARGS+=("-DCMAKE_PREFIX_PATH=/tmp/apsp-deps/usr")
  fi
  if [ ! -d ../shared/testdata ] && [ -d .gpu-debs/testdata ]; then
    APSP_GPU_CMAKE_ARGS+=("-DAPSP_TESTDATA_DIR=$PWD/.gpu-debs/testdata")
  fi
}
