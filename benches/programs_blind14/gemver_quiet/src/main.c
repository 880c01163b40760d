/* reweigh: TSTEPS rank-2 updates of a coupling matrix with the products PolyBench's
 * gemver computes after each, the update directions shrinking between steps.
 * Prints its results only; the group times it from the shell. */
#include <stdio.h>
#include <stdlib.h>
#include "gemver.h"

int main(void)
{
    int n = N;
    DATA_TYPE alpha, beta;
    struct gemver_vectors g;
    DATA_TYPE (*A)[N] = malloc(sizeof(DATA_TYPE) * (size_t)N * N);

    if (A == NULL || alloc_vectors(&g, n) != 0) {
        fprintf(stderr, "reweigh: out of memory\n");
        return 1;
    }
    init_array(n, &alpha, &beta, A, &g);
    for (int step = 0; step < TSTEPS; step++) {
        kernel_gemver(n, alpha, beta, A, &g);
        if (step + 1 < TSTEPS)
            perturb(n, step, &g);
    }
    report(n, A, &g);
    free_vectors(&g);
    free(A);
    return 0;
}
