/* z-derivative of a 3-D field f[k][j][i] (i fastest), nest written i, j outer and k inner:
   the inner loop strides by n*n doubles.  usage: gradz N [MPOINTS] (repeats to ~MPOINTS M points) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 96;
    double mpts = argc > 2 ? atof(argv[2]) : 20.0;
    size_t nn = (size_t)n * n, N = nn * n;
    int reps = (int)(mpts * 1e6 / (double)N);
    if (reps < 1) reps = 1;
    double *f = malloc(N * sizeof *f), *g = calloc(N, sizeof *g);
    for (size_t p = 0; p < N; p++) f[p] = (double)(p % 977) * 1e-3;
    double h = 0.5 * n, t0 = now();
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                for (int k = 1; k < n - 1; k++)
                    g[k * nn + j * n + i] = (f[(k + 1) * nn + j * n + i] - f[(k - 1) * nn + j * n + i]) * h + 1e-9 * g[k * nn + j * n + i];
    double t = now() - t0, s = 0;
    for (size_t p = 0; p < N; p++) s += g[p];
    printf("n=%d reps=%d time=%.3f s  %.2f ns/point  checksum=%.6e\n", n, reps, t, 1e9 * t / ((double)reps * N), s);
    return 0;
}
