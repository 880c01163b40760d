#include "transport.hpp"

#include <algorithm>
#include <cmath>

Grid::Grid(int nx_, int ny_, double lx, double ly)
    : nx(nx_), ny(ny_), dx(lx / nx_), dy(ly / ny_), u((std::size_t)(nx_ + 2) * (ny_ + 2), 0.0) {}

Transport::Transport(Fn fx, Fn fy, Fn ax, Fn ay)
    : fx_(std::move(fx)), fy_(std::move(fy)), ax_(std::move(ax)), ay_(std::move(ay)) {}

double Transport::max_speed(const Grid& g) const {
    double a = 0.0;
    for (int j = 1; j <= g.ny; ++j)
        for (int i = 1; i <= g.nx; ++i) {
            const double s = g.at(i, j);
            a = std::max(a, std::fabs(ax_(s)) / g.dx + std::fabs(ay_(s)) / g.dy);
        }
    return a;
}

double Transport::step(Grid& g, double dt, double inflow) {
    const int nx = g.nx, ny = g.ny;
    // boundary conditions: water injected along x = 0, free outflow at x = lx,
    // no flow through the top and bottom (mirror ghosts)
    for (int j = 1; j <= ny; ++j) {
        g.at(0, j) = inflow;
        g.at(nx + 1, j) = g.at(nx, j);
    }
    for (int i = 0; i <= nx + 1; ++i) {
        g.at(i, 0) = g.at(i, 1);
        g.at(i, ny + 1) = g.at(i, ny);
    }
    next_.resize(g.u.size());
    const double rx = dt / g.dx, ry = dt / g.dy;
    double out = 0.0;
    for (int j = 1; j <= ny; ++j) {
        for (int i = 1; i <= nx; ++i) {
            const double uc = g.at(i, j);
            const double uw = g.at(i - 1, j), ue = g.at(i + 1, j);
            const double us = g.at(i, j - 1), un = g.at(i, j + 1);
            // Rusanov fluxes through the four faces of cell (i, j)
            const double aw = std::max(std::fabs(ax_(uw)), std::fabs(ax_(uc)));
            const double ae = std::max(std::fabs(ax_(uc)), std::fabs(ax_(ue)));
            const double fw = 0.5 * (fx_(uw) + fx_(uc)) - 0.5 * aw * (uc - uw);
            const double fe = 0.5 * (fx_(uc) + fx_(ue)) - 0.5 * ae * (ue - uc);
            // the no-flow walls carry no flux at all
            double fs = 0.0, fn = 0.0;
            if (j > 1) {
                const double as = std::max(std::fabs(ay_(us)), std::fabs(ay_(uc)));
                fs = 0.5 * (fy_(us) + fy_(uc)) - 0.5 * as * (uc - us);
            }
            if (j < ny) {
                const double an = std::max(std::fabs(ay_(uc)), std::fabs(ay_(un)));
                fn = 0.5 * (fy_(uc) + fy_(un)) - 0.5 * an * (un - uc);
            }
            next_[(std::size_t)j * (nx + 2) + i] = uc - rx * (fe - fw) - ry * (fn - fs);
            if (i == nx) out += fe * g.dy * dt;
        }
    }
    for (int j = 1; j <= ny; ++j)
        for (int i = 1; i <= nx; ++i) g.at(i, j) = next_[(std::size_t)j * (nx + 2) + i];
    return out;
}
