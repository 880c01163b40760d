/* what the group looks at: totals, the largest coefficient, a few sampled entries */
#include <math.h>
#include <stdio.h>
#include "basis.h"

void summarise(int m, int n, double B[NBASIS][NSNAP])
{
    double sum = 0.0, asum = 0.0, big = 0.0;
    int bi = 0, bj = 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double v = B[i][j];
            sum += v;
            asum += fabs(v);
            if (fabs(v) > big) {
                big = fabs(v);
                bi = i;
                bj = j;
            }
        }
    printf("coefficients: sum %.10e abs %.10e\n", sum, asum);
    printf("largest: |B[%d][%d]| = %.10e\n", bi, bj, big);
    for (int s = 0; s < 8; s++) {
        int i = (s * 131 + 7) % m, j = (s * 197 + 3) % n;
        printf("sample B[%d][%d] = %.10e\n", i, j, B[i][j]);
    }
}
