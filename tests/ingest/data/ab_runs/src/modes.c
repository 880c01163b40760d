/* Sums the values above a threshold, over the data as generated or sorted first: the same
 * work and the same sum either way, the branch predictable only when sorted. Prints one
 * `mode=... n=... passes=... kept=... seconds=... sum=...` line, or with `table` a table of
 * both modes under its column names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static double run(const int *v, int n, int passes, long *kept) {
    struct timespec t0, t1;
    long k = 0;
    long long s = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int p = 0; p < passes; p++)
        for (int i = 0; i < n; i++)
            if (v[i] >= 128) { s += v[i]; k++; }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *kept = k + (long)(s % 2) * 0;
    return (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "raw";
    int n = argc > 2 ? atoi(argv[2]) : 1000000, passes = argc > 3 ? atoi(argv[3]) : 10;
    int *v = malloc(sizeof(int) * (size_t)n), *w = malloc(sizeof(int) * (size_t)n);
    unsigned x = 12345u;
    for (int i = 0; i < n; i++) { x = x * 1103515245u + 12345u; v[i] = (int)((x >> 16) & 255u); }
    memcpy(w, v, sizeof(int) * (size_t)n);
    if (strcmp(mode, "raw") != 0)  /* the raw runs keep the order as generated */
        qsort(w, (size_t)n, sizeof(int), cmp);
    long kept;
    if (strcmp(mode, "table") == 0) {
        printf("sums above 128 of %d values, %d passes\n", n, passes);
        printf("%-8s %10s %10s %12s\n", "order", "seconds", "kept", "ns/value");
        for (int r = 0; r < 2; r++) {
            double t = run(r ? w : v, n, passes, &kept);
            printf("%-8s %10.4f %10ld %12.3f\n", r ? "sorted" : "random", t, kept,
                   1e9 * t / ((double)n * passes));
        }
    } else {
        double t = run(strcmp(mode, "sorted") == 0 ? w : v, n, passes, &kept);
        printf("mode=%s n=%d passes=%d kept=%ld seconds=%.4f\n", mode, n, passes, kept, t);
    }
    free(v);
    free(w);
    return 0;
}
