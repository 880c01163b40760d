/* Explicit reaction-diffusion steps; the step routine allocates its 40 MB work array with calloc
   on every call and frees it at the end (glibc serves it with mmap: fresh zero pages each step).
   usage: stepbuf NCELL NSTEP */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void step(double *u, long n, double dt)
{
    double *work = calloc(n, sizeof *work);
    for (long i = 1; i < n - 1; i++)
        work[i] = u[i - 1] - 2.0 * u[i] + u[i + 1];
    for (long i = 1; i < n - 1; i++)
        u[i] += dt * (work[i] - 0.01 * u[i] * u[i]);
    free(work);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 5000000;
    int nstep = argc > 2 ? atoi(argv[2]) : 40;
    double *u = malloc(n * sizeof *u);
    for (long i = 0; i < n; i++) u[i] = (i % 1000) < 500 ? 1.0 : 0.0;
    clock_t c0 = clock();
    for (int s = 0; s < nstep; s++) step(u, n, 0.1);
    double t = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("cells=%ld steps=%d cpu=%.3f s  %.2f ns/cell-step  u[500]=%.6f\n", n, nstep, t,
           1e9 * t / ((double)n * nstep), u[500]);
    free(u);
    return 0;
}
