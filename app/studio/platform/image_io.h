#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <chart/raster.h>

#include "platform/gl.h"

namespace apsp::studio {

/// @brief RGBA8 pixels, top row first (PNG order): the plotting library's image, so a screenshot and a chart
/// are written by the same PNG writer.
using RgbaImage = chart::RgbaImage;

/// @brief Reads @p width x @p height pixels of @p framebuffer (buffer @p read_buffer) and flips them so the
/// top row comes first.
RgbaImage read_framebuffer(GLuint framebuffer, GLenum read_buffer, int width, int height);

/// @brief Writes an RGB PNG (alpha dropped) through a temporary file renamed into place. Throws apsp::Error.
void write_png(const std::string& path, const RgbaImage& image);

/// @brief "apsp-studio-NNNN.png" with the first NNNN (from 0001) not taken in @p directory.
std::string next_screenshot_path(const std::string& directory = ".");

}  // namespace apsp::studio
