/* plate: TSTEPS ADI steps of diffusion on an N x N plate, then a summary of the field.
 * usage: plate N TSTEPS */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "adi.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 500;
    int tsteps = argc > 2 ? atoi(argv[2]) : 20;
    if (n < 4 || tsteps < 1) {
        fprintf(stderr, "usage: plate N TSTEPS\n");
        return 2;
    }
    DATA_TYPE (*u)[n] = malloc(sizeof(DATA_TYPE) * (size_t)n * n);
    DATA_TYPE (*v)[n] = malloc(sizeof(DATA_TYPE) * (size_t)n * n);
    DATA_TYPE (*p)[n] = malloc(sizeof(DATA_TYPE) * (size_t)n * n);
    DATA_TYPE (*q)[n] = malloc(sizeof(DATA_TYPE) * (size_t)n * n);
    if (!u || !v || !p || !q) {
        fprintf(stderr, "plate: out of memory\n");
        return 1;
    }
    init_array(n, u);

    double t0 = omp_get_wtime();
    kernel_adi(tsteps, n, u, v, p, q);
    double t1 = omp_get_wtime();

    printf("plate %d x %d, %d ADI steps\n", n, n, tsteps);
    field_report(n, u);
    printf("adi time: %.4f s\n", t1 - t0);
    free(u); free(v); free(p); free(q);
    return 0;
}
