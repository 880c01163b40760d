// Reaction kinetics: each step every cell integrates a small stiff rate system in registers
// (compute-bound, in cache), then all threads meet at the loop's barrier.
// usage: kinetics CELLS STEPS ; prints threads, seconds, cell-steps per second
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <omp.h>
int main(int argc, char **argv)
{
    int cells = argc > 1 ? std::atoi(argv[1]) : 4000, steps = argc > 2 ? std::atoi(argv[2]) : 200;
    std::vector<double> a(cells, 1.0), b(cells, 0.0), c(cells, 0.0);
    double t0 = omp_get_wtime();
    for (int s = 0; s < steps; s++) {
#pragma omp parallel for schedule(static)
        for (int i = 0; i < cells; i++) {
            double x = a[i], y = b[i], z = c[i], k1 = 0.04, k2 = 3e-3 * (1 + i % 3), k3 = 1e-2;
            for (int sub = 0; sub < 60; sub++) {
                double r1 = k1 * x, r2 = k2 * y * y, r3 = k3 * y * z;
                x += 1e-3 * (-r1 + r3);
                y += 1e-3 * (r1 - r2 - r3);
                z += 1e-3 * r2;
            }
            a[i] = x; b[i] = y; c[i] = z;
        }
    }
    double t = omp_get_wtime() - t0;
    std::printf("kinetics: threads=%d cells=%d steps=%d seconds=%.4f Mcell-steps/s=%.2f a0=%.6f\n",
                omp_get_max_threads(), cells, steps, t, 1e-6 * cells * steps / t, a[0]);
    return 0;
}
