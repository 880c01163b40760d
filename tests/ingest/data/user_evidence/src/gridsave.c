/* A small heat-equation solve followed by a text snapshot of the grid written with
 * fprintf("%.17g"): the program times both phases. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 300;
    const char *path = argc > 2 ? argv[2] : "grid.txt";
    double *u = calloc((size_t)n * n, sizeof *u), *v = calloc((size_t)n * n, sizeof *v);
    u[(n / 2) * n + n / 2] = 1e6;
    double t0 = now();
    for (int s = 0; s < 10; s++) {
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                       u[i * n + j - 1] + u[i * n + j + 1]);
        double *w = u; u = v; v = w;
    }
    double t1 = now();
    FILE *f = fopen(path, "w");
    for (int k = 0; k < 8; k++)
        for (long i = 0; i < (long)n * n; i++) fprintf(f, "%.17g\n", u[i]);
    fclose(f);
    double t2 = now();
    printf("n=%d solve=%.4f s output=%.4f s\n", n, t1 - t0, t2 - t1);
    remove(path);
    free(u); free(v);
    return 0;
}
