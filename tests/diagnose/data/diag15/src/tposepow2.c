/* Tiled transpose B = A^T with a leading dimension given on the command line: with a power of
   two (2048 doubles = 16 KiB per row) the rows of one tile map to the same L1 sets. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef T
#define T 16
#endif

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 2048;
    int ld = argc > 2 ? atoi(argv[2]) : n;
    int reps = argc > 3 ? atoi(argv[3]) : 4;
    double *a = malloc((size_t)n * ld * sizeof *a), *b = malloc((size_t)n * ld * sizeof *b);
    for (size_t i = 0; i < (size_t)n * ld; i++) { a[i] = (double)(i % 1000); b[i] = 0; }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int r = 0; r < reps; r++)
        for (int ii = 0; ii < n; ii += T)
            for (int jj = 0; jj < n; jj += T)
                for (int i = ii; i < ii + T && i < n; i++)
                    for (int j = jj; j < jj + T && j < n; j++)
                        b[(size_t)j * ld + i] = a[(size_t)i * ld + j];
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("n=%d ld=%d tile=%d time=%.4f s check=%g\n", n, ld, T, t, b[(size_t)5 * ld + 7]);
    return 0;
}
