/* Times three runs of a copy and prints each as "Copy run N: T s, B MB/s". */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(void) {
    const size_t n = 1u << 23;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    for (size_t i = 0; i < n; i++) a[i] = (double)i;
    for (int r = 0; r < 3; r++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (size_t i = 0; i < n; i++) b[i] = a[i] * 1.0001;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
        printf("Copy run %d: %.4f s, %.1f MB/s\n", r, s, 2.0 * n * sizeof *a / s / 1e6);
    }
    printf("checksum: %.1f\n", b[n - 1]);
    free(a); free(b);
    return 0;
}
