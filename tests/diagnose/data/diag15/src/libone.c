/* A "solver library" whose setup sets the OpenMP thread count to one; the caller's parallel
   sweep then runs with one thread although OMP_NUM_THREADS asked for more. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void solver_setup(void) { omp_set_num_threads(1); }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 4000000;
    int steps = argc > 2 ? atoi(argv[2]) : 30;
    int keep = argc > 3 ? atoi(argv[3]) : 0; /* 1: restore the count after setup */
    int warm = argc > 4 ? atoi(argv[4]) : 0; /* 1: initialise in parallel before setup */
    int asked = omp_get_max_threads();
    double *u = malloc(n * sizeof *u);
#pragma omp parallel for if (warm)
    for (long i = 0; i < n; i++) u[i] = (double)i / n;
    solver_setup();
    if (keep) omp_set_num_threads(asked);
    double t0 = omp_get_wtime(), s = 0;
    int inside = 0;
    for (int k = 0; k < steps; k++) {
#pragma omp parallel reduction(+ : s)
        {
#pragma omp single
            inside = omp_get_num_threads();
#pragma omp for
            for (long i = 0; i < n; i++) { u[i] = sin(u[i]) + 0.5 * cos(u[i]); s += u[i]; }
        }
    }
    printf("threads_requested=%d time=%.4f s checksum=%.6e\n", asked, omp_get_wtime() - t0, s);
    (void)inside;
    return 0;
}
