/* a small stencil that reads its own memory use from /proc/self/statm every step, opening,
   reading and closing the file each time */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 512;
    int steps = argc > 2 ? atoi(argv[2]) : 40000;
    double *u = calloc(n, sizeof *u), *v = calloc(n, sizeof *v);
    u[n / 2] = 1.0;
    long pages = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int s = 0; s < steps; s++) {
        for (int i = 1; i < n - 1; i++) v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
        double *t = u; u = v; v = t;
        FILE *f = fopen("/proc/self/statm", "r");
        long size, res;
        if (f && fscanf(f, "%ld %ld", &size, &res) == 2 && res > pages) pages = res;
        if (f) fclose(f);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("statmpoll: n=%d steps=%d seconds=%.4f peak_rss_pages=%ld u=%.6f\n", n, steps,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec), pages, u[n / 2]);
    free(u); free(v);
    return 0;
}
