/* 1-D heat equation, implicit Euler: the tridiagonal system assembled into a full matrix and
   solved by Gaussian elimination with partial pivoting every step. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef N
#define N 300
#endif
#ifndef STEPS
#define STEPS 4
#endif

static double a[N][N], b[N], u[N];

static int step(int n, double r)
{
    memset(a, 0, sizeof a);
    for (int i = 0; i < n; i++) {
        a[i][i] = 1.0 + 2.0 * r + 0.01 * (i % 3);
        if (i > 0)
            a[i][i - 1] = -r;
        if (i < n - 1)
            a[i][i + 1] = -r * (1.0 + 0.001 * i);
        b[i] = u[i];
    }
    for (int k = 0; k < n - 1; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(a[i][k]) > fabs(a[p][k]))
                p = i;
        if (a[p][k] == 0.0) {
            return -1;
        }
        if (p != k) {
            for (int j = 0; j < n; j++) {
                double t = a[k][j];
                a[k][j] = a[p][j];
                a[p][j] = t;
            }
            double tb = b[k];
            b[k] = b[p];
            b[p] = tb;
        }
        for (int i = k + 1; i < n; i++) {
            double f = a[i][k] / a[k][k];
            for (int j = k; j < n; j++)
                a[i][j] -= f * a[k][j]; /* HOT */
            b[i] -= f * b[k];
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (int j = i + 1; j < n; j++)
            s -= a[i][j] * u[j];
        u[i] = s / a[i][i];
    }
    return 0;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        u[i] = sin(M_PI * (i + 1) / (N + 1)) + 0.1 * (i % 7);
    for (int t = 0; t < STEPS; t++)
        if (step(N, 0.4) != 0) {
            printf("singular\n");
            return 1;
        }
    for (int i = 0; i < N; i += N / 10)
        printf("u[%d] = %.12e\n", i, u[i]);
    return 0;
}
