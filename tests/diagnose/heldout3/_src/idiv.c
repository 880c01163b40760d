/* Sum of remainders a[i] % m[i] with run-time 64-bit divisors, over a small cache-resident array. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

long remsum(long n, const long *a, const long *m) {
    long s = 0;
    for (long i = 0; i < n; i++) s += a[i] % m[i];
    return s;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 4096;
    int reps = argc > 2 ? atoi(argv[2]) : 20000;
    long *a = malloc(n * sizeof *a), *m = malloc(n * sizeof *m);
    for (long i = 0; i < n; i++) { a[i] = 1000003L * (i + 17) + (i << 33); m[i] = 3 + (i * 7919) % 1000; }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long s = 0;
    for (int r = 0; r < reps; r++) { s += remsum(n, a, m); a[r % n] ^= 1; }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double dt = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("time: %.3f s\n", dt);
    printf("ns_per_element: %.3f ns\n", 1e9 * dt / ((double)n * reps));
    printf("checksum: %ld\n", s);
    return 0;
}
