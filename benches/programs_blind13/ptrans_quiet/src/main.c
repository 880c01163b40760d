/* mirror: repeatedly fold the transpose of A into C (HPC Challenge PTRANS on one node)
 * usage: ./mirror N REPS [BETA]      prints only the results */
#include <stdio.h>
#include <stdlib.h>
#include "ptrans.h"

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s N REPS [BETA]\n", argv[0]);
        return 1;
    }
    int n = atoi(argv[1]), reps = atoi(argv[2]);
    double beta = argc > 3 ? atof(argv[3]) : 0.5;
    if (n < 2 || reps < 1) {
        fprintf(stderr, "mirror: N must be at least 2 and REPS positive\n");
        return 1;
    }
    double *a = malloc(sizeof(double) * (size_t)n * n);
    double *c = malloc(sizeof(double) * (size_t)n * n);
    if (!a || !c) {
        fprintf(stderr, "mirror: out of memory for two %d x %d matrices\n", n, n);
        return 1;
    }
    matgen(a, n, 1);
    matgen(c, n, 2);
    for (int r = 0; r < reps; r++)
        ptrans(n, beta, a, c);
    summarize(a, c, n, beta, reps);
    free(a);
    free(c);
    return 0;
}
