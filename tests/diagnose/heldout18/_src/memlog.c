/* Shallow-water style update that logs its resident memory every step of every tile by opening,
   reading and closing /proc/self/statm (a "memory watchdog" left in the inner time loop).
   usage: memlog TILES STEPS */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static long rss_pages(void)
{
    long size = 0, rss = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) { if (fscanf(f, "%ld %ld", &size, &rss) != 2) rss = 0; fclose(f); }
    return rss;
}
int main(int argc, char **argv)
{
    int tiles = argc > 1 ? atoi(argv[1]) : 64, steps = argc > 2 ? atoi(argv[2]) : 1500, tile = 512;
    double *h = malloc((size_t)tiles * tile * sizeof *h); long peak = 0;
    for (int i = 0; i < tiles * tile; i++) h[i] = 1.0 + 1e-3 * (i % 17);
    struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
    for (int s = 0; s < steps; s++)
        for (int t = 0; t < tiles; t++) {
            double *p = h + (size_t)t * tile;
            for (int i = 1; i < tile - 1; i++) p[i] += 0.01 * (p[i - 1] - 2 * p[i] + p[i + 1]);
            long r = rss_pages(); if (r > peak) peak = r;
        }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double t = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("memlog: tiles=%d steps=%d seconds=%.4f us/tile-step=%.3f peak_rss_pages=%ld h[9]=%.6f\n", tiles, steps, t, 1e6 * t / ((double)tiles * steps), peak, h[9]);
    return 0;
}
