/* An OpenMP loop whose iteration i costs i inner steps (a triangle): schedule(static) gives
 * the last thread most of the work. The parallel loop is line 14, its hot inner line 16. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4000;
    double *out = malloc(sizeof(double) * (size_t)n);
    if (!out)
        return 1;
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; ++i) {
        double s = 0.0;
        for (int j = 0; j < i; ++j) s += sqrt((double)j + 0.5) * 1e-3;
        out[i] = s;
    }
    double t = 0.0;
    for (int i = 0; i < n; ++i)
        t += out[i];
    printf("%g\n", t);
    free(out);
    return 0;
}
