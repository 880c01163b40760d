/* Friends-of-friends link counting for dark-matter halo finding (C, serial).
 * count_links compares every particle with every other one (all pairs) and links those closer than
 * the linking length, the distance taken with libm's hypot. The box is filled at constant density,
 * so each particle has about the same number of friends at every size, yet the pairs examined grow
 * as n^2. Prints one row per run: particles, pairs examined, links, seconds, us per particle.
 * usage: fofhalo [particles] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

__attribute__((noinline)) long count_links(int n, const double *x, const double *y, const double *z, double link, long *pairs)
{
    long nl = 0, np = 0;
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            double r = hypot(hypot(x[i] - x[j], y[i] - y[j]), z[i] - z[j]);
            np++;
            if (r < link) nl++;
        }
    }
    *pairs = np;
    return nl;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6000;
    double box = cbrt((double)n); /* constant density: one particle per unit volume */
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *z = malloc(n * sizeof *z);
    unsigned s = 2024u;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u; x[i] = box * ((s >> 8) & 0xffff) / 65536.0;
        s = s * 1103515245u + 12345u; y[i] = box * ((s >> 8) & 0xffff) / 65536.0;
        s = s * 1103515245u + 12345u; z[i] = box * ((s >> 8) & 0xffff) / 65536.0;
    }
    long pairs;
    double t0 = now();
    long links = count_links(n, x, y, z, 0.6, &pairs);
    double t = now() - t0;
    printf("fofhalo particles=%d pairs=%ld links=%ld links_per_particle=%.2f seconds=%.3f us_per_particle=%.3f\n", n, pairs,
           links, 2.0 * links / n, t, 1e6 * t / n);
    return 0;
}
