// A disc of the granular gas.
#pragma once

#include <vector>

struct Particle {
    double x, y;    // position (m)
    double vx, vy;  // velocity (m/s)
    double fx, fy;  // force of this step (N)
    double r;       // radius (m)
    double m;       // mass (kg)
};

using Particles = std::vector<Particle>;
