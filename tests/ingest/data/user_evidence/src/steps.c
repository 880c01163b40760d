/* A relaxation that prints its own time per step, and each thread's busy time. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    const int n = 1 << 20;
    double *u = calloc(n, sizeof *u), *v = calloc(n, sizeof *v);
    u[n / 2] = 1.0;
    for (int s = 1; s <= 4; s++) {
        double t0 = omp_get_wtime(), res = 0.0;
        for (int k = 0; k < 20; k++) {
#pragma omp parallel for reduction(+ : res)
            for (int i = 1; i < n - 1; i++) {
                v[i] = 0.5 * (u[i - 1] + u[i + 1]);
                res += (v[i] - u[i]) * (v[i] - u[i]);
            }
            double *w = u; u = v; v = w;
        }
        printf("step %d time %.4f s residual %.3e\n", s, omp_get_wtime() - t0, res);
    }
#pragma omp parallel
    {
        double t0 = omp_get_wtime(), x = 0.0;
        for (int i = 0; i < 20000000 * (omp_get_thread_num() + 1); i++) x += 1e-9 * i;
        printf("thread %d of %d: %.3f s\n", omp_get_thread_num(), omp_get_num_threads(),
               omp_get_wtime() - t0 + 0.0 * x);
    }
    free(u); free(v);
    return 0;
}
