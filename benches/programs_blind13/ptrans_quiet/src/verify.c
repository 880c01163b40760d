/* After reps updates C_k = beta C_{k-1} + A^T from C_0, C is
 * beta^reps C_0 + (1 + beta + ... + beta^(reps-1)) A^T: HPCC's check, on sampled rows,
 * and the sums the group keeps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "ptrans.h"

void summarize(const double *a, const double *c, int n, double beta, int reps)
{
    double geo = 0.0, bp = 1.0;
    for (int k = 0; k < reps; k++) {
        geo += bp;
        bp *= beta;
    }
    /* C_0 regenerated to check sampled rows */
    double *c0 = malloc(sizeof(double) * (size_t)n * n);
    matgen(c0, n, 2);
    double worst = 0.0;
    for (int i = 0; i < n; i += 97)
        for (int j = 0; j < n; j++) {
            double want = bp * c0[(size_t)i * n + j] + geo * a[(size_t)j * n + i];
            double e = fabs(c[(size_t)i * n + j] - want);
            if (e > worst)
                worst = e;
        }
    free(c0);

    double sum = 0.0, asum = 0.0, trace = 0.0, wsum = 0.0;
    for (int i = 0; i < n; i++) {
        double row = 0.0;
        for (int j = 0; j < n; j++) {
            double v = c[(size_t)i * n + j];
            row += v;
            asum += fabs(v);
        }
        sum += row;
        wsum += row * (i % 13 - 6);
        trace += c[(size_t)i * n + i];
    }
    printf("n %d, beta %g, %d updates\n", n, beta, reps);
    printf("sum %.12e\n", sum);
    printf("abs sum %.12e\n", asum);
    printf("weighted row sum %.12e\n", wsum);
    printf("trace %.12e\n", trace);
    printf("C(0,1) %.12e  C(1,0) %.12e  C(n-1,n-2) %.12e\n", c[1], c[n],
           c[(size_t)(n - 1) * n + n - 2]);
    printf("check %s (largest error on sampled rows below 1e-9)\n",
           worst < 1e-9 ? "passed" : "FAILED");
}
