// waterflood: water injected along one side of a 2-D vertical section of an oil reservoir,
// Buckley-Leverett transport with gravity, explicit finite volumes.
//
//   ./waterflood [nx=300] [ny=60] [pore_volumes=0.7] [M=4] [G=0.8]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "physics.hpp"
#include "reservoir.hpp"
#include "transport.hpp"

int main(int argc, char** argv) {
    const int nx = argc > 1 ? std::atoi(argv[1]) : 300;
    const int ny = argc > 2 ? std::atoi(argv[2]) : 60;
    const double pv = argc > 3 ? std::atof(argv[3]) : 0.7;
    const BuckleyLeverett bl{argc > 4 ? std::atof(argv[4]) : 4.0,
                             argc > 5 ? std::atof(argv[5]) : 0.8};
    const double lx = 4.0, ly = 1.0, cfl = 0.45;

    Grid g(nx, ny, lx, ly);
    Transport tr([&bl](double s) { return bl.flux_x(s); },
                 [&bl](double s) { return bl.flux_y(s); },
                 [&bl](double s) { return bl.speed_x(s); },
                 [&bl](double s) { return bl.speed_y(s); });

    std::printf("waterflood %d x %d cells, M = %.2f, G = %.2f, inject %.2f pore volumes\n", nx,
                ny, bl.M, bl.G, pv);
    std::printf("%8s %8s %10s %10s %10s %10s\n", "step", "PVI", "mean Sw", "front x",
                "water cut", "produced");

    const auto w0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    double t = 0.0, produced = 0.0, breakthrough = -1.0;
    // no mobile water at the start
    const double swi = 0.0;
    for (int j = 1; j <= ny; ++j)
        for (int i = 1; i <= nx; ++i) g.at(i, j) = swi;
    // a floor for the CFL speed: the largest x speed over all saturations (the injected
    // front can carry it into the first column before the cells show it)
    double afloor = 0.0;
    for (int k = 0; k <= 100; ++k) afloor = std::max(afloor, bl.speed_x(0.01 * k));
    afloor /= g.dx;
    const double t_end = pv * lx;   // unit total velocity: 1 PV takes lx time units
    int nstep = 0, next_report = 0;
    const int report_every = 400;
    while (t < t_end) {
        double dt = cfl / std::max(tr.max_speed(g), afloor);
        if (t + dt > t_end) dt = t_end - t;
        produced += tr.step(g, dt, 1.0);
        t += dt;
        ++nstep;
        if (breakthrough < 0.0 && produced > 1e-6) breakthrough = t / lx;
        if (nstep >= next_report || t >= t_end) {
            const FloodStats st = flood_stats(g, bl);
            std::printf("%8d %8.4f %10.6f %10.6f %10.6f %10.6f\n", nstep, t / lx, st.mean_sw,
                        st.front_x, st.water_cut, produced);
            next_report += report_every;
        }
    }
    const double cpu = double(std::clock() - c0) / CLOCKS_PER_SEC;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();

    std::printf("water breakthrough at %.4f PVI; produced water %.6f (domain units)\n",
                breakthrough, produced);
    std::printf("transport: %d steps in %.1f ms wall, %.1f ms cpu (%.1f ns per cell-step)\n",
                nstep, wall * 1e3, cpu * 1e3, cpu * 1e9 / ((double)nstep * nx * ny));
    return 0;
}
