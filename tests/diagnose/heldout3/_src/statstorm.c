/* Two threads transform records; before each record the worker checks whether the config file changed. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int main(int argc, char **argv) {
    const char *cfg = argc > 1 ? argv[1] : "/etc/hostname";
    long n = argc > 2 ? atol(argv[2]) : 2000000;
    double *out = malloc(n * sizeof *out);
    long changed = 0;
    double t0 = omp_get_wtime();
#ifdef HOIST
    struct stat st0; stat(cfg, &st0);
#endif
#pragma omp parallel for schedule(static) reduction(+:changed)
    for (long i = 0; i < n; i++) {
#ifndef HOIST
        struct stat st;
        if (stat(cfg, &st) == 0 && st.st_mtime > 2000000000L) changed++;
#endif
        out[i] = sqrt((double)i) * 0.5 + 1.0;
    }
    double t = omp_get_wtime() - t0;
    printf("records: %ld\n", n);
    printf("elapsed: %.3f s\n", t);
    printf("rate: %.2f MB/s\n", n * 8.0 / t / 1e6);
    printf("changed: %ld out: %.3f\n", changed, out[n - 1]);
    return 0;
}
