/* An OpenMP sweep that prints the team its parallel region ran with: run under
   OMP_THREAD_LIMIT below OMP_NUM_THREADS, the team is capped at the limit. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000000;
    double *a = malloc(sizeof(double) * n);
    int team = 0;
    double t0 = omp_get_wtime();
    for (int s = 0; s < 20; s++) {
#pragma omp parallel
        {
#pragma omp single
            team = omp_get_num_threads();
#pragma omp for schedule(static)
            for (int i = 0; i < n; i++) a[i] = sin(i * 1e-6 + s) * cos(i * 2e-6);
        }
    }
    double sum = 0;
    for (int i = 0; i < n; i++) sum += a[i];
    printf("threads in parallel team: %d\nelapsed: %.3f s\nchecksum: %.6f\n", team,
           omp_get_wtime() - t0, sum);
    free(a);
    return 0;
}
