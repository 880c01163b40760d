#include <stdio.h>
#include "norms.h"

static double x[N], y[N];

int main(void)
{
    int i;
    double s = 0.0;
    for (i = 0; i < N; i++)
        x[i] = 1.0 + (double)((i * 37) % 101) / 101.0;
    for (i = 0; i < N; i++)
        y[i] = x[i] / norm2(x, N) + rms(x, N);
    for (i = 0; i < N; i++)
        s += y[i];
    for (i = 1; i < N; i++)
        x[i] = x[i - 1] / norm2(x, N);
    printf("sum %.12f last %.12e\n", s, x[1]);
    return 0;
}
