/* What the project prints: sums and sampled entries of x, w and A (no timing). */
#include <math.h>
#include <stdio.h>
#include "gemver.h"

static void vector_summary(const char *name, int n, const DATA_TYPE *v)
{
    DATA_TYPE s = 0.0, sa = 0.0, sw = 0.0;
    for (int i = 0; i < n; i++) {
        s += v[i];
        sa += fabs(v[i]);
        sw += v[i] * (DATA_TYPE)((i % 97) + 1);
    }
    printf("%s: sum %.13e abs %.13e weighted %.13e\n", name, s, sa, sw);
    printf("%s[0] %.13e %s[n/2] %.13e %s[n-1] %.13e\n", name, v[0], name, v[n / 2],
           name, v[n - 1]);
}

void report(int n, DATA_TYPE (*A)[N], const struct gemver_vectors *g)
{
    DATA_TYPE trace = 0.0, corner = 0.0;
    for (int i = 0; i < n; i++)
        trace += A[i][i];
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++)
            corner += A[n - 1 - i][j];
    printf("n %d\n", n);
    vector_summary("x", n, g->x);
    vector_summary("w", n, g->w);
    printf("A: trace %.13e corner %.13e\n", trace, corner);
}
