/* Heat diffusion on a 2-D grid; every step the whole grid is written as a text snapshot (1 MiB stdio buffer). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 400, steps = argc > 2 ? atoi(argv[2]) : 20;
    const char *path = argc > 3 ? argv[3] : "snap.txt";
    double *u = calloc((size_t)n * n, sizeof *u), *w = calloc((size_t)n * n, sizeof *w);
    for (int i = 0; i < n; i++) u[i] = 100.0;
    FILE *f = fopen(path, "w");
    static char buf[1 << 20];
    setvbuf(f, buf, _IOFBF, sizeof buf);
    double tsolve = 0, tout = 0;
    for (int s = 0; s < steps; s++) {
        double a = now();
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                w[i * n + j] = u[i * n + j] + 0.2 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1] - 4 * u[i * n + j]);
        double *t = u; u = w; w = t;
        for (int i = 0; i < n; i++) u[i] = 100.0;
        tsolve += now() - a;
        a = now();
        fprintf(f, "# step %d\n", s);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                fprintf(f, "%d %d %.12e\n", i, j, u[i * n + j]);
        tout += now() - a;
    }
    fclose(f);
    printf("n=%d steps=%d solve=%.3f s output=%.3f s\n", n, steps, tsolve, tout);
    remove(path);
    return 0;
}
