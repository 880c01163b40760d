/* Neighbour counting for a short-range potential: particles at fixed density in a cube, every pair
   tested (all-pairs distance with sqrt) against the cutoff rc, which holds ~30 neighbours each.
   ./pairnb            size table (N = 2000 .. 16000), ns per particle
   ./pairnb N          one size */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static long count_neighbours(int n, const double *x, const double *y, const double *z, double rc)
{
    long cnt = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
            double d = sqrt(dx * dx + dy * dy + dz * dz);
            if (d < rc) cnt++;
        }
    return cnt;
}
static void one(int n)
{
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *z = malloc(n * sizeof *z);
    double box = cbrt(n / 8.0);
    unsigned s = 3;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u; x[i] = box * ((s >> 8) & 65535) / 65536.0;
        s = s * 1103515245u + 12345u; y[i] = box * ((s >> 8) & 65535) / 65536.0;
        s = s * 1103515245u + 12345u; z[i] = box * ((s >> 8) & 65535) / 65536.0;
    }
    double t0 = now();
    long c = count_neighbours(n, x, y, z, 0.96);
    double sec = now() - t0;
    printf("%7d %9.3f %12ld %10.1f %14.2f\n", n, sec, c, 2.0 * c / n, 1e9 * sec / n);
    free(x); free(y); free(z);
}
int main(int argc, char **argv)
{
    printf("%7s %9s %12s %10s %14s\n", "N", "seconds", "pairs<rc", "nbrs/part", "ns/particle");
    if (argc > 1) { one(atoi(argv[1])); return 0; }
    static const int sizes[] = {2000, 4000, 8000, 16000};
    for (int k = 0; k < 4; k++) one(sizes[k]);
    return 0;
}
