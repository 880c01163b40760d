#include "geometry.hpp"

#include <cmath>

double Channel::lower(double x) const {
    const double s = (x - bump_x0) / bump_len;
    if (s <= 0.0 || s >= 1.0) return 0.0;
    const double sn = std::sin(M_PI * s);
    return bump_h * height * sn * sn;
}

double Channel::upper(double) const { return height; }

double stretch_wall(double t, double beta) {
    return 1.0 + std::tanh(beta * (t - 1.0)) / std::tanh(beta);
}

double stretch_both(double t, double beta) {
    return 0.5 * (1.0 + std::tanh(beta * (2.0 * t - 1.0)) / std::tanh(beta));
}
