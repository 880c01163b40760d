/* Sums the bytes above a threshold in a random byte array (data-dependent branch). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp(const void *a, const void *b) { return *(const unsigned char *)a - *(const unsigned char *)b; }

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 16L << 20;
    int reps = argc > 2 ? atoi(argv[2]) : 10;
    int sorted = argc > 3 && strcmp(argv[3], "sorted") == 0;
    unsigned char *d = malloc(n);
    unsigned s = 7;
    for (long i = 0; i < n; i++) { s = s * 1664525u + 1013904223u; d[i] = s >> 24; }
    if (sorted) qsort(d, n, 1, cmp);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long sum = 0, cnt = 0;
    for (int r = 0; r < reps; r++)
        for (long i = 0; i < n; i++) {
            if (d[i] >= 128) { sum += d[i] * 3; cnt++; }
            else sum -= d[i] >> 1;
        }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double dt = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("elements=%ld reps=%d\n", n, reps);
    printf("time=%.3f s ns_per_element=%.3f\n", dt, 1e9 * dt / ((double)n * reps));
    printf("sum=%ld count=%ld\n", sum, cnt);
    return 0;
}
