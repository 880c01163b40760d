// Particle-in-cell charge deposit on a sparse grid (C++, serial).
// Each particle's charge is added to its cell, and the cells are kept in a std::map<long,double>
// keyed by the linear cell id (a balanced tree: a walk of ~17 nodes per lookup). -DFLAT keeps the
// grid in a std::vector<double> indexed by the cell id. usage: depomap [particles] [steps]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

static const long NX = 256, NY = 256, NZ = 16; // 1 M cells, about 100 k of them ever touched

int main(int argc, char **argv)
{
    long np = argc > 1 ? std::atol(argv[1]) : 200000;
    int steps = argc > 2 ? std::atoi(argv[2]) : 10;
    std::vector<double> x(np), y(np), z(np);
    unsigned s = 12345u;
    for (long p = 0; p < np; p++) {
        s = s * 1664525u + 1013904223u; x[p] = (s >> 8) % 100000 / 100000.0 * 0.4 + 0.3;
        s = s * 1664525u + 1013904223u; y[p] = (s >> 8) % 100000 / 100000.0 * 0.4 + 0.3;
        s = s * 1664525u + 1013904223u; z[p] = (s >> 8) % 100000 / 100000.0;
    }
#ifdef FLAT
    std::vector<double> rho(NX * NY * NZ, 0.0);
    const char *build = "flat-vector";
#else
    std::map<long, double> rho;
    const char *build = "std::map";
#endif
    auto t0 = std::chrono::steady_clock::now();
    double total = 0.0;
    for (int st = 0; st < steps; st++) {
        for (long p = 0; p < np; p++) {
            long cell = ((long)(x[p] * NX) * NY + (long)(y[p] * NY)) * NZ + (long)(z[p] * NZ);
            rho[cell] += 1.0e-3;
            x[p] += 1e-7; if (x[p] >= 0.7) x[p] -= 0.4;
        }
    }
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
#ifdef FLAT
    for (double v : rho) total += v;
#else
    for (auto &v : rho) total += v.second;
#endif
    std::printf("depomap build=%s particles=%ld steps=%d deposits=%ld seconds=%.3f ns_per_deposit=%.1f charge=%.3f\n",
                build, np, steps, np * steps, t, 1e9 * t / ((double)np * steps), total);
    return 0;
}
