#include <cmath>
#include "mriq.hpp"

// a spiral trajectory through k-space, voxels on a jittered 3-D grid
Trajectory make_trajectory(int numK, int numX)
{
    Trajectory t;
    t.kx.resize(numK); t.ky.resize(numK); t.kz.resize(numK);
    t.phiR.resize(numK); t.phiI.resize(numK);
    for (int k = 0; k < numK; k++) {
        float s = (float)k / numK;
        t.kx[k] = 0.5f * s * std::cos(40.0f * s);
        t.ky[k] = 0.5f * s * std::sin(40.0f * s);
        t.kz[k] = s - 0.5f;
        t.phiR[k] = std::cos(3.0f * s) * (1.0f - 0.5f * s);
        t.phiI[k] = std::sin(5.0f * s) * 0.5f;
    }
    t.x.resize(numX); t.y.resize(numX); t.z.resize(numX);
    int side = (int)std::cbrt((double)numX) + 1;
    for (int i = 0; i < numX; i++) {
        int a = i % side, b = (i / side) % side, c = i / (side * side);
        t.x[i] = (a - side / 2) + 0.1f * std::sin(0.7f * i);
        t.y[i] = (b - side / 2) + 0.1f * std::cos(0.3f * i);
        t.z[i] = (c - side / 2) * 0.5f;
    }
    return t;
}
