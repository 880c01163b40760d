// Particle push; progress of every particle goes to std::cerr.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <vector>

static double cpu_s(clockid_t c) { timespec t; clock_gettime(c, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv) {
    const int np = argc > 1 ? std::atoi(argv[1]) : 20000;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 10;
    std::vector<double> x(np), v(np);
    for (int p = 0; p < np; ++p) { x[p] = p * 1e-3; v[p] = std::sin(p * 0.1); }
    double t0 = cpu_s(CLOCK_PROCESS_CPUTIME_ID);
    for (int s = 0; s < steps; ++s) {
        for (int p = 0; p < np; ++p) {
            for (int k = 0; k < 20; ++k) { v[p] -= 1e-3 * x[p]; x[p] += 1e-3 * v[p]; }
            std::cerr << "step " << s << " particle " << p << " x " << x[p] << '\n';
        }
    }
    double t = cpu_s(CLOCK_PROCESS_CPUTIME_ID) - t0;
    std::printf("push: particles=%d steps=%d cpu=%.3f s (user+sys) x0=%.6f\n", np, steps, t, x[0]);
    return 0;
}
