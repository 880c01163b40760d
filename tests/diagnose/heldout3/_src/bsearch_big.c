/* Hand-written binary search of random keys in a sorted int table (default 64 Mi entries, 256 MiB). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long find(const int *t, long n, int key) {
    long lo = 0, hi = n;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (t[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 64L << 20;
    long q = argc > 2 ? atol(argv[2]) : 4L << 20;
    int *t = malloc(n * sizeof *t);
    for (long i = 0; i < n; i++) t[i] = (int)(2 * i);
    unsigned s = 12345;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long acc = 0;
    for (long i = 0; i < q; i++) {
        s = s * 1103515245u + 12345u;
        acc += find(t, n, (int)((s >> 1) % (unsigned)(2 * n)));
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double dt = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("table_entries=%ld lookups=%ld\n", n, q);
    printf("time=%.3f s ns_per_lookup=%.1f\n", dt, 1e9 * dt / q);
    printf("checksum=%ld\n", acc);
    return 0;
}
