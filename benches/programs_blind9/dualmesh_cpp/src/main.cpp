// dualmesh -- median-dual finite-volume preprocessing of a triangle mesh, checked by
// the spreading of a heat pulse (the variance of a diffusing pulse grows as 4 k t)
//
//   ./build/dualmesh [nx=160] [ny=160] [steps=1000] [seed=3]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "fvm.hpp"
#include "mesh.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

struct Moments {
    double heat, cx, cy, var;
};

Moments moments(const Mesh& m, const DualMesh& d, const std::vector<double>& T)
{
    Moments r{0, 0, 0, 0};
    for (std::size_t i = 0; i < T.size(); ++i) {
        const double q = T[i] * d.volume[i];
        r.heat += q;
        r.cx += q * m.nodes()[i].x;
        r.cy += q * m.nodes()[i].y;
    }
    r.cx /= r.heat;
    r.cy /= r.heat;
    for (std::size_t i = 0; i < T.size(); ++i) {
        const double dx = m.nodes()[i].x - r.cx, dy = m.nodes()[i].y - r.cy;
        r.var += T[i] * d.volume[i] * (dx * dx + dy * dy);
    }
    r.var /= r.heat;
    return r;
}

}  // namespace

int main(int argc, char** argv)
{
    const int nx = argc > 1 ? std::atoi(argv[1]) : 160;
    const int ny = argc > 2 ? std::atoi(argv[2]) : 160;
    const int steps = argc > 3 ? std::atoi(argv[3]) : 1000;
    const unsigned seed = argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 3;
    const double lx = nx - 1.0, ly = ny - 1.0, k = 1.0, dt = 0.1, sigma0 = 5.0;

    auto t0 = Clock::now();
    Mesh mesh = Mesh::channel(nx, ny, lx, ly, seed);
    const double t_gen = seconds_since(t0);

    t0 = Clock::now();
    mesh.build_edges();
    const double t_edges = seconds_since(t0);

    t0 = Clock::now();
    const DualMesh dual = build_dual(mesh);
    const double t_dual = seconds_since(t0);

    const long V = static_cast<long>(mesh.n_nodes()), E = static_cast<long>(mesh.n_edges()),
               F = static_cast<long>(mesh.n_triangles());
    std::printf("mesh: %ld nodes, %ld edges, %ld triangles, Euler characteristic %ld\n", V, E,
                F, V - E + F);
    std::printf("boundary: %ld edges, length %.6f (expected %.6f)\n", dual.boundary_edges,
                dual.boundary_length, 2.0 * (lx + ly));
    std::printf("dual cells: total area %.6f (domain %.6f), min %.6f, max %.6f\n",
                dual.total_volume, lx * ly, dual.min_volume, dual.max_volume);

    std::vector<double> T(mesh.n_nodes());
    for (std::size_t i = 0; i < T.size(); ++i) {
        const double dx = mesh.nodes()[i].x - 0.5 * lx, dy = mesh.nodes()[i].y - 0.5 * ly;
        T[i] = std::exp(-(dx * dx + dy * dy) / (2.0 * sigma0 * sigma0));
    }
    const Moments m0 = moments(mesh, dual, T);
    t0 = Clock::now();
    diffuse(mesh, dual, T, k, dt, steps);
    const double t_solve = seconds_since(t0);
    const Moments m1 = moments(mesh, dual, T);

    std::printf("pulse: heat %.8f -> %.8f, centre (%.5f, %.5f)\n", m0.heat, m1.heat, m1.cx,
                m1.cy);
    std::printf("pulse: variance %.6f -> %.6f, growth %.6f (4 k t = %.6f)\n", m0.var, m1.var,
                m1.var - m0.var, 4.0 * k * dt * steps);
    std::printf("timing: mesh %.3f s, edge table %.3f s, dual %.3f s, diffusion %.3f s\n",
                t_gen, t_edges, t_dual, t_solve);
    return 0;
}
