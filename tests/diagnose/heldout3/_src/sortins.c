/* Keeps a sorted array of incoming random keys by inserting each one in place (memmove). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long lower(const unsigned *a, long n, unsigned k) {
    long lo = 0, hi = n;
    while (lo < hi) { long m = (lo + hi) / 2; if (a[m] < k) lo = m + 1; else hi = m; }
    return lo;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 200000;
    unsigned *a = malloc(n * sizeof *a);
    unsigned s = 99;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        long p = lower(a, i, s);
        memmove(a + p + 1, a + p, (i - p) * sizeof *a);
        a[p] = s;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double dt = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("n=%ld time=%.3f s median=%u\n", n, dt, a[n / 2]);
    return 0;
}
