// Explicit first-order finite-volume transport of a scalar on a 2-D Cartesian grid with
// the local Lax-Friedrichs (Rusanov) flux. The physics is plugged in as callables, so the
// same solver serves the tracer, polymer and two-phase models of the project.
#pragma once
#include <cstddef>
#include <functional>
#include <vector>

struct Grid {
    int nx, ny;          // interior cells
    double dx, dy;
    std::vector<double> u;   // (nx + 2) x (ny + 2) with one ghost layer, row-major in y
    Grid(int nx_, int ny_, double lx, double ly);
    double& at(int i, int j) { return u[(std::size_t)j * (nx + 2) + i]; }
    double at(int i, int j) const { return u[(std::size_t)j * (nx + 2) + i]; }
};

class Transport {
public:
    using Fn = std::function<double(double)>;
    Transport(Fn fx, Fn fy, Fn ax, Fn ay);

    // largest characteristic speed over the grid (for the CFL condition)
    double max_speed(const Grid& g) const;
    // one explicit step of length dt; returns the volume of water that left at x = lx
    double step(Grid& g, double dt, double inflow);

private:
    Fn fx_, fy_, ax_, ay_;
    std::vector<double> next_;
};
