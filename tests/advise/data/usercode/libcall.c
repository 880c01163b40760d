#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double table[4096];

double work(int n)
{
    double s = 0.0;
    for (int r = 0; r < n; r++)
        for (int i = 0; i < 4096; i++)
            s += exp(table[i] * 1e-3 + r * 1e-9);
    return s;
}

double fill(void)
{
    double t = 0.0;
    for (int i = 0; i < 4096; i++) {
        table[i] = (double)(i % 97);
        t += table[i];
    }
    return t;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 3000;
    double t = fill();
    printf("sum=%g fill=%g\n", work(n), t);
    return 0;
}
