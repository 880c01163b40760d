// OpenMP tracer advection that records every cell crossing into one shared std::vector inside an
// omp critical section (one entry per particle-step). Prints threads, seconds, crossings, ns/step.
// ./tracklog PARTICLES STEPS
#include <omp.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
struct Hit { int p, cell; double t; };
int main(int argc, char **argv)
{
    long np = argc > 1 ? std::atol(argv[1]) : 200000;
    int steps = argc > 2 ? std::atoi(argv[2]) : 20;
    std::vector<double> x(np);
    for (long i = 0; i < np; i++) x[i] = 0.37 * i;
    std::vector<Hit> hits;
    double t0 = omp_get_wtime();
    for (int s = 0; s < steps; s++) {
#pragma omp parallel for schedule(static)
        for (long i = 0; i < np; i++) {
            double u = 0.5 + 0.3 * std::sin(0.001 * i + 0.1 * s);
            int c0 = (int)x[i];
            x[i] += u;
            int c1 = (int)x[i];
            if (c1 != c0) {
#pragma omp critical(hitlog)
                hits.push_back(Hit{(int)i, c1, 0.1 * s});
            }
        }
    }
    double sec = omp_get_wtime() - t0;
    std::printf("tracklog: threads=%d particles=%ld steps=%d seconds=%.3f crossings=%zu ns/particle-step=%.1f\n",
                omp_get_max_threads(), np, steps, sec, hits.size(), 1e9 * sec / ((double)np * steps));
    return 0;
}
