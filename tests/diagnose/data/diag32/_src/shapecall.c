/* a loop over cells calling a small shape function the compiler may not inline: the loop stays
   scalar (the call), while the set-up loop reading a table through an index is cold */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) double shape(double x)
{
    return (0.25 * x + 1.5) * x + 2.0;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4096;
    int steps = argc > 2 ? atoi(argv[2]) : 20000;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    int *idx = malloc(n * sizeof *idx);
    for (int i = 0; i < n; i++)
        idx[i] = (i * 7919) % n;
    for (int i = 0; i < n; i++)
        x[i] = 1e-3 * idx[i];
    double s = 0.0;
    for (int t = 0; t < steps; t++) {
        for (int i = 0; i < n; i++)
            y[i] = shape(x[i]) * 0.5 + 1e-9 * t;
        s += y[t % n];
        x[t % n] = 1e-3 * y[t % n];
    }
    printf("cells %d steps %d checksum %.6e\n", n, steps, s);
    free(x); free(y); free(idx);
    return 0;
}
