#include "body.hpp"
#include <cmath>

System::System(int n) : bodies(n) {
    for (int i = 0; i < n; ++i) {
        double t = 0.1 * i;
        bodies[i] = {std::cos(t) * (1 + i % 7), std::sin(t) * (1 + i % 5), 0.01 * (i % 11),
                     0, 0, 0, 1.0 + (i % 3)};
    }
}

void System::step(double dt) {
    const int n = size();
    for (int i = 0; i < n; ++i) {
        double ax = 0, ay = 0, az = 0;
        for (int j = 0; j < n; ++j) {
            if (i == j) continue;
            double dx = bodies[j].x - bodies[i].x, dy = bodies[j].y - bodies[i].y;
            double dz = bodies[j].z - bodies[i].z;
            double r2 = dx * dx + dy * dy + dz * dz + 1e-3;
            double inv = bodies[j].m / (r2 * std::sqrt(r2));
            ax += dx * inv; ay += dy * inv; az += dz * inv;
        }
        bodies[i].vx += dt * ax; bodies[i].vy += dt * ay; bodies[i].vz += dt * az;
    }
    for (auto &b : bodies) { b.x += dt * b.vx; b.y += dt * b.vy; b.z += dt * b.vz; }
}

double System::energy() const {
    double e = 0;
    for (const auto &b : bodies) e += 0.5 * b.m * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
    return e;
}
