/* blockfact: factorise the user's sparse block matrix in place, report fill-in and sums.
 * usage: blockfact NB BS */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "sparselu.h"

int main(int argc, char **argv)
{
    if (argc > 1) NB = atoi(argv[1]);
    if (argc > 2) BS = atoi(argv[2]);
    double **M = genmat();
    int before = 0, after = 0;
    for (int b = 0; b < NB * NB; b++) before += M[b] != 0;

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    sparselu(M);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);

    double sum = 0.0, asum = 0.0, logdet = 0.0;
    for (int b = 0; b < NB * NB; b++) {
        if (!M[b]) continue;
        after++;
        for (int i = 0; i < BS * BS; i++) { sum += M[b][i]; asum += fabs(M[b][i]); }
    }
    for (int kk = 0; kk < NB; kk++)
        for (int i = 0; i < BS; i++)
            logdet += log(fabs(M[kk * NB + kk][i * BS + i]));
    printf("Program             = blockfact (sparselu)\n");
    printf("Structure           = %d x %d blocks of %d x %d\n", NB, NB, BS, BS);
    printf("Blocks              = %d before, %d after fill-in\n", before, after);
    printf("Factor sum          = %.12e\n", sum);
    printf("Factor abs sum      = %.12e\n", asum);
    printf("log|det|            = %.12e\n", logdet);
    printf("Corner              = %.12e\n", M[(NB - 1) * NB + NB - 1][BS * BS - 1]);
    printf("Time Program        = %.6f seconds\n", secs);
    return 0;
}
