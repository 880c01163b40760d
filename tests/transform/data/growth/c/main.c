#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "series.h"

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000;
    long k = 0;
    clock_t t0 = clock();
    double *v = collect(n, &k);
    clock_t t1 = clock();
    double s = 0.0;
    for (long j = 0; j < k; j++)
        s += v[j];
    printf("kept %ld sum %.15e last %.15e\n", k, s, v[k - 1]);
    fprintf(stderr, "cpu %.4f\n", (double)(t1 - t0) / CLOCKS_PER_SEC);
    free(v);
    return 0;
}
