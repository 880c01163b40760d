/* Scales a 3-D field a[i][j][k] into b; the loops run k, j, i (i innermost). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 200, reps = argc > 2 ? atoi(argv[2]) : 3;
    double *a = malloc((size_t)n * n * n * sizeof *a), *b = malloc((size_t)n * n * n * sizeof *b);
    for (size_t q = 0; q < (size_t)n * n * n; q++) { a[q] = (double)(q % 97); b[q] = 0; }
    double t0 = now();
    for (int r = 0; r < reps; r++)
        for (int k = 0; k < n; k++)
            for (int j = 0; j < n; j++)
                for (int i = 0; i < n; i++)
                    b[((size_t)i * n + j) * n + k] = 0.5 * a[((size_t)i * n + j) * n + k] + b[((size_t)i * n + j) * n + k];
    double t = now() - t0;
    printf("n=%d reps=%d time=%.3f s  %.1f MLUP/s\n", n, reps, t, (double)n * n * n * reps / t / 1e6);
    printf("check=%.1f\n", b[(size_t)n * n * n / 3]);
    return 0;
}
