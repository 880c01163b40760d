/* Particle tracker that reports its progress on stderr, one line per particle. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv)
{
    long np = argc > 1 ? atol(argv[1]) : 200000;
    double t0 = now(), tot = 0;
    for (long p = 0; p < np; p++) {
        double x = 0.1 * p, v = 1.0;
        for (int s = 0; s < 2; s++) { v -= 0.01 * sin(x); x += 0.01 * v; }
        tot += x;
        fprintf(stderr, "particle %ld done x=%.6f\n", p, x);
    }
    printf("particles=%ld time=%.3f s  %.0f particles/s  total=%.3f\n", np, now() - t0, np / (now() - t0), tot);
    return 0;
}
