// ljforce: Lennard-Jones forces on a jittered lattice, repeated passes (SHOC MD's kernel).
// usage: ljforce NSIDE PASSES
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include "md.h"

int main(int argc, char** argv)
{
    const int nside = argc > 1 ? std::atoi(argv[1]) : 32;
    const int passes = argc > 2 ? std::atoi(argv[2]) : 20;
    const double spacing = 1.1;
    LJParams p;
    auto pos = make_positions(nside, spacing, 20261206u);
    auto neigh = build_neighbors(pos, nside, spacing);
    std::vector<Vec4> force(pos.size());

    double total_ms = 0.0, best_ms = 1e300;
    for (int k = 0; k < passes; k++) {
        auto t0 = std::chrono::high_resolution_clock::now();
        compute_lj_force(force, pos, neigh, p);
        auto t1 = std::chrono::high_resolution_clock::now();
        const double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
        total_ms += ms;
        if (ms < best_ms) best_ms = ms;
    }
    double fx = 0, fy = 0, fz = 0, fabs_sum = 0;
    for (const auto& f : force) {
        fx += f.x; fy += f.y; fz += f.z;
        fabs_sum += std::fabs(f.x) + std::fabs(f.y) + std::fabs(f.z);
    }
    std::printf("== ljforce | atoms %zu | neighbours %d | passes %d ==\n", pos.size(), MAX_NEIGHBORS, passes);
    std::printf("force.sum  = %.10e %.10e %.10e\n", fx, fy, fz);
    std::printf("force.abs  = %.10e\n", fabs_sum);
    std::printf("force[17]  = %.10e %.10e %.10e\n", force[17].x, force[17].y, force[17].z);
    std::printf("perf: %.2f ms total, %.2f ms best pass, %.1f Mpairs/s\n", total_ms, best_ms,
                1e-3 * passes * (double)pos.size() * MAX_NEIGHBORS / total_ms);
    return 0;
}
