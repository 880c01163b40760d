/* Counts equal pairs by comparing every item with every other one: time grows as n^2. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000;
    int *v = malloc(sizeof(int) * (size_t)n);
    for (long i = 0; i < n; i++) v[i] = (int)((i * 2654435761u) % 1000);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long eq = 0;
    for (long i = 0; i < n; i++)
        for (long j = i + 1; j < n; j++) eq += v[i] == v[j];
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("items=%ld time=%.4f s pairs=%ld\n", n, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec), eq);
    free(v);
    return 0;
}
