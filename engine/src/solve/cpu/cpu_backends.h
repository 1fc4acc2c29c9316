#pragma once
namespace apsp::detail {
/// @brief Registers cpu-naive and cpu-blocked (called once by the registry).
void register_cpu_backends();
}  // namespace apsp::detail
