// Photon packets through a slab (OpenMP over packets): every packet bumps a shared std::atomic
// progress counter and adds its deposited energy to a shared total with an atomic update.
// usage: progctr NPACKET
#include <omp.h>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv)
{
    const long np = argc > 1 ? std::atol(argv[1]) : 20000000;
    std::atomic<long> done{0};
    double deposited = 0.0;
    double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
    for (long p = 0; p < np; p++) {
        unsigned long s = 0x9E3779B97F4A7C15UL * (unsigned long)(p + 1);
        s ^= s >> 29;
        double tau = (double)(s >> 11) * (1.0 / 9007199254740992.0);
        double e = 1.0 - tau * (1.0 - 0.5 * tau);
        done.fetch_add(1, std::memory_order_relaxed);
#pragma omp atomic
        deposited += e;
    }
    std::printf("threads=%d packets=%ld done=%ld deposited=%.6e wall=%.3f s\n", omp_get_max_threads(), np,
                done.load(), deposited, omp_get_wtime() - t0);
    return 0;
}
