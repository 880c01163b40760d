/* Two OpenMP threads add to one shared counter with an atomic update per element: every
 * addition is a lock-prefixed instruction on the same cache line. */
#include <stdio.h>
#include <stdlib.h>

long count_even(const int *v, long n) {
    long hits = 0;
#pragma omp parallel for
    for (long i = 0; i < n; i++)
        if (v[i] % 2 == 0) {
#pragma omp atomic
            hits++;
        }
    return hits;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 20000000;
    int *v = malloc((size_t)n * sizeof *v);
    for (long i = 0; i < n; i++) v[i] = (int)(i * 7);
    printf("n=%ld even=%ld\n", n, count_even(v, n));
    free(v);
    return 0;
}
