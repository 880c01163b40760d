/* a parallel update of a field, then a post-processing pass the program runs on one thread
   (a running statistic whose order matters): each step prints nothing, the run prints its
   phase times */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double postprocess(const double *f, int n)
{
    double acc = 0.0;
    for (int i = 0; i < n; i++)
        acc = 0.999 * acc + log1p(fabs(f[i])) * exp(-1e-3 * (i % 7));
    return acc;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 400000;
    int steps = argc > 2 ? atoi(argv[2]) : 20;
    double *f = malloc(n * sizeof *f);
    double tp = 0, ts = 0, chk = 0;
    for (int s = 0; s < steps; s++) {
        double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++)
            f[i] = sin(1e-4 * i + s) * cos(2e-4 * i - s);
        double t1 = omp_get_wtime();
        chk += postprocess(f, n);
        ts += omp_get_wtime() - t1;
        tp += t1 - t0;
    }
    printf("serialpost: n=%d steps=%d threads=%d update %.3f s post %.3f s check %.6e\n", n,
           steps, omp_get_max_threads(), tp, ts, chk);
    free(f);
    return 0;
}
