#pragma once
/// @file cpu_isa.h
/// @brief The instruction set the CPU kernels use in this process ("avx512", "avx2" or "generic"): the widest
/// this CPU supports, capped by APSP_CPU_ISA. Run records and export contexts say it, since it changes a CPU
/// backend's time by an order of magnitude.
#include <string_view>

namespace apsp {

std::string_view cpu_isa();

}  // namespace apsp
