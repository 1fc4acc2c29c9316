#pragma once
// Colour science for the overlay palette test, written for this project from the published formulas (no code
// copied): sRGB <-> CIELAB (IEC 61966-2-1 transfer curve, D65 white), CIEDE2000 colour difference (Sharma, Wu and
// Dalal, "The CIEDE2000 color-difference formula: implementation notes, supplementary test data, and
// mathematical observations", Color Research & Application 30(1), 2005), and simulated dichromacy with the
// severity-1.0 matrices of Machado, Oliveira and Fernandes, "A Physiologically-based Model for Simulation of
// Color Vision Deficiency", IEEE TVCG 15(6), 2009 (their Table 1 data, applied to linear RGB).
#include <algorithm>
#include <array>
#include <cmath>

namespace colour_vision {

using Rgb8 = std::array<int, 3>;
using Vec3 = std::array<double, 3>;
using Mat3 = std::array<Vec3, 3>;

enum class Deficiency { None, Protanopia, Deuteranopia, Tritanopia };

inline const char* name(Deficiency d) {
  switch (d) {
    case Deficiency::Protanopia:
      return "protanopia";
    case Deficiency::Deuteranopia:
      return "deuteranopia";
    case Deficiency::Tritanopia:
      return "tritanopia";
    default:
      return "normal vision";
  }
}

// Machado et al. 2009, severity 1.0 (linear RGB in, linear RGB out).
inline const Mat3& machado_matrix(Deficiency d) {
  static const Mat3 kProtan{
      {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}};
  static const Mat3 kDeutan{
      {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}};
  static const Mat3 kTritan{
      {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}};
  static const Mat3 kIdentity{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  switch (d) {
    case Deficiency::Protanopia:
      return kProtan;
    case Deficiency::Deuteranopia:
      return kDeutan;
    case Deficiency::Tritanopia:
      return kTritan;
    default:
      return kIdentity;
  }
}

inline double srgb_to_linear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }

inline Vec3 to_linear(const Rgb8& c) {
  return {srgb_to_linear(c[0] / 255.0), srgb_to_linear(c[1] / 255.0), srgb_to_linear(c[2] / 255.0)};
}

/// Linear RGB as a viewer with deficiency @p d perceives it (clamped to the displayable range).
inline Vec3 simulate(const Vec3& linear, Deficiency d) {
  const Mat3& m = machado_matrix(d);
  Vec3 out{};
  for (int r = 0; r < 3; ++r) {
    double v = m[r][0] * linear[0] + m[r][1] * linear[1] + m[r][2] * linear[2];
    out[r] = std::clamp(v, 0.0, 1.0);
  }
  return out;
}

/// CIELAB (D65) of a linear sRGB colour.
inline Vec3 linear_to_lab(const Vec3& c) {
  const double x = 0.4124564 * c[0] + 0.3575761 * c[1] + 0.1804375 * c[2];
  const double y = 0.2126729 * c[0] + 0.7151522 * c[1] + 0.0721750 * c[2];
  const double z = 0.0193339 * c[0] + 0.1191920 * c[1] + 0.9503041 * c[2];
  auto f = [](double t) {
    constexpr double e = 216.0 / 24389.0, k = 24389.0 / 27.0;
    return t > e ? std::cbrt(t) : (k * t + 16.0) / 116.0;
  };
  const double fx = f(x / 0.95047), fy = f(y / 1.0), fz = f(z / 1.08883);
  return {116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)};
}

inline Vec3 perceived_lab(const Rgb8& c, Deficiency d) { return linear_to_lab(simulate(to_linear(c), d)); }

/// CIEDE2000 with kL = kC = kH = 1.
inline double delta_e_2000(const Vec3& lab1, const Vec3& lab2) {
  constexpr double kPi = 3.14159265358979323846;
  auto deg = [](double rad) { return rad * 180.0 / kPi; };
  auto rad = [](double d) { return d * kPi / 180.0; };
  const double c1 = std::hypot(lab1[1], lab1[2]), c2 = std::hypot(lab2[1], lab2[2]);
  const double c_mean = (c1 + c2) / 2.0;
  const double c7 = std::pow(c_mean, 7.0);
  const double g = 0.5 * (1.0 - std::sqrt(c7 / (c7 + std::pow(25.0, 7.0))));
  const double a1 = (1.0 + g) * lab1[1], a2 = (1.0 + g) * lab2[1];
  const double cp1 = std::hypot(a1, lab1[2]), cp2 = std::hypot(a2, lab2[2]);
  auto hue = [&](double a, double b) {
    if (a == 0.0 && b == 0.0) return 0.0;
    double h = deg(std::atan2(b, a));
    return h < 0 ? h + 360.0 : h;
  };
  const double hp1 = hue(a1, lab1[2]), hp2 = hue(a2, lab2[2]);
  const double dl = lab2[0] - lab1[0];
  const double dc = cp2 - cp1;
  double dh = 0.0;
  if (cp1 * cp2 != 0.0) {
    dh = hp2 - hp1;
    if (dh > 180.0) dh -= 360.0;
    if (dh < -180.0) dh += 360.0;
  }
  const double dH = 2.0 * std::sqrt(cp1 * cp2) * std::sin(rad(dh / 2.0));
  const double l_mean = (lab1[0] + lab2[0]) / 2.0;
  const double cp_mean = (cp1 + cp2) / 2.0;
  double hp_mean = hp1 + hp2;
  if (cp1 * cp2 != 0.0) {
    if (std::abs(hp1 - hp2) <= 180.0) {
      hp_mean /= 2.0;
    } else {
      hp_mean = hp1 + hp2 < 360.0 ? (hp1 + hp2 + 360.0) / 2.0 : (hp1 + hp2 - 360.0) / 2.0;
    }
  }
  const double t = 1.0 - 0.17 * std::cos(rad(hp_mean - 30.0)) + 0.24 * std::cos(rad(2.0 * hp_mean)) +
                   0.32 * std::cos(rad(3.0 * hp_mean + 6.0)) - 0.20 * std::cos(rad(4.0 * hp_mean - 63.0));
  const double d_theta = 30.0 * std::exp(-std::pow((hp_mean - 275.0) / 25.0, 2.0));
  const double cp7 = std::pow(cp_mean, 7.0);
  const double rc = 2.0 * std::sqrt(cp7 / (cp7 + std::pow(25.0, 7.0)));
  const double l50 = (l_mean - 50.0) * (l_mean - 50.0);
  const double sl = 1.0 + 0.015 * l50 / std::sqrt(20.0 + l50);
  const double sc = 1.0 + 0.045 * cp_mean;
  const double sh = 1.0 + 0.015 * cp_mean * t;
  const double rt = -std::sin(rad(2.0 * d_theta)) * rc;
  const double tl = dl / sl, tc = dc / sc, th = dH / sh;
  return std::sqrt(tl * tl + tc * tc + th * th + rt * tc * th);
}

}  // namespace colour_vision
