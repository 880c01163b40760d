/* A serial integer-hash loop that prints its own wall and CPU time (one job of a batch). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 200000000L;
    const char *tag = argc > 2 ? argv[2] : "run";
    struct timespec w0, w1;
    clock_gettime(CLOCK_MONOTONIC, &w0);
    clock_t c0 = clock();
    unsigned long h = 1469598103934665603UL;
    for (long i = 0; i < n; i++) h = (h ^ (unsigned long)i) * 1099511628211UL;
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    clock_gettime(CLOCK_MONOTONIC, &w1);
    printf("%s: iterations=%ld hash=%lu wall=%.3f s cpu=%.3f s\n", tag, n, h % 1000,
           (w1.tv_sec - w0.tv_sec) + 1e-9 * (w1.tv_nsec - w0.tv_nsec), cpu);
    return 0;
}
