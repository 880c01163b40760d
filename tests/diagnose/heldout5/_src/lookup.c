/* Maps each event's detector id to its calibration constant by scanning the calibration table. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct cal { long id; double gain; };
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

__attribute__((noinline)) double gain_of(const struct cal *t, long m, long id)
{
    for (long k = 0; k < m; k++)
        if (t[k].id == id) return t[k].gain;
    return 0.0;
}

int main(int argc, char **argv)
{
    long m = argc > 1 ? atol(argv[1]) : 4000, events = argc > 2 ? atol(argv[2]) : 200000;
    struct cal *t = malloc(m * sizeof *t);
    for (long k = 0; k < m; k++) { t[k].id = (k * 2654435761L) % 1000003; t[k].gain = 1.0 + 1e-4 * k; }
    double e = 0, t0 = now();
    for (long i = 0; i < events; i++)
        e += gain_of(t, m, t[(i * 31) % m].id) * (i % 100);
    printf("detectors=%ld events=%ld time=%.4f s energy=%.3f\n", m, events, now() - t0, e);
    return 0;
}
