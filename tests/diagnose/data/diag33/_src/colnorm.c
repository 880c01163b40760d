/* Column norms of an n x n field walked column by column (the inner loop strides a row):
 * sweeps chosen so every run touches about the same number of points. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 256, sweeps = argc > 2 ? atoi(argv[2]) : 100;
    double (*f)[n] = malloc(sizeof(double[n][n]));
    double *norm = calloc(n, sizeof *norm);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) f[i][j] = 1.0 / (1.0 + i + 0.25 * j);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int s = 0; s < sweeps; s++)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) norm[j] += f[i][j] * f[i][j];
    clock_gettime(CLOCK_MONOTONIC, &b);
    double sec = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    long pts = (long)n * n * sweeps;
    printf("n=%d sweeps=%d points=%ld seconds=%.4f ns_per_point=%.2f check=%.6e\n", n, sweeps,
           pts, sec, 1e9 * sec / pts, norm[n / 2]);
    return 0;
}
