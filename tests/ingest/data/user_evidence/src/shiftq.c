/* A work list kept as an array whose head is removed by shifting the rest down (memmove per
 * pop): quadratic in the number of items. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 50000;
    int *q = malloc(n * sizeof *q);
    for (int i = 0; i < n; i++) q[i] = i;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long sum = 0;
    for (int len = n; len > 0; len--) {
        sum += q[0];
        memmove(q, q + 1, (len - 1) * sizeof *q);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("items=%d time=%.4f s sum=%ld\n", n,
           (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec), sum);
    free(q);
    return 0;
}
