// Monte Carlo photon transport through a slab: OpenMP threads draw every random number from one
// shared std::mt19937 guarded by a std::mutex. usage: photon PHOTONS ; prints threads, seconds
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <random>
#include <omp.h>
static std::mt19937 engine(12345);
static std::mutex engine_lock;
static double draw()
{
    std::lock_guard<std::mutex> g(engine_lock);
    return std::generate_canonical<double, 53>(engine);
}
int main(int argc, char **argv)
{
    long n = argc > 1 ? std::atol(argv[1]) : 300000;
    long absorbed = 0, transmitted = 0;
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static) reduction(+ : absorbed, transmitted)
    for (long p = 0; p < n; p++) {
        double z = 0.0, mu = 1.0;
        for (int hop = 0; hop < 50; hop++) {
            z += mu * -std::log(1.0 - draw()) * 0.2;
            if (z > 1.0) { transmitted++; break; }
            if (z < 0.0) break;
            if (draw() < 0.3) { absorbed++; break; }
            mu = 2.0 * draw() - 1.0;
        }
    }
    double t = omp_get_wtime() - t0;
    std::printf("photon: threads=%d photons=%ld seconds=%.4f absorbed=%ld transmitted=%ld\n", omp_get_max_threads(), n, t, absorbed, transmitted);
    return 0;
}
