/* Fitting a damped oscillation to a sampled signal by trying trial frequencies: the model is
 * evaluated in the type REAL (long double by default; -DREAL=double for the double build). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifndef REAL
#define REAL long double
#define EXP expl
#define COS cosl
#define MODE "long double"
#else
#define EXP exp
#define COS cos
#define MODE "double"
#endif

int main(int argc, char **argv)
{
    int ns = argc > 1 ? atoi(argv[1]) : 2048, nt = argc > 2 ? atoi(argv[2]) : 200;
    REAL *d = malloc(sizeof *d * (size_t)ns);
    for (int i = 0; i < ns; i++) d[i] = EXP(-0.003L * i) * COS(0.27L * i);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    int best = 0;
    REAL best_misfit = 1e30L;
    for (int t = 0; t < nt; t++) {
        REAL f = 0.2L + 0.0005L * t, misfit = 0.0L;
        for (int i = 0; i < ns; i++) {
            REAL m = EXP(-0.003L * i) * COS(f * i);
            misfit += (m - d[i]) * (m - d[i]);
        }
        if (misfit < best_misfit) { best_misfit = misfit; best = t; }
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double s = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("mode=%s bytes=%d trials=%d samples=%d seconds=%.4f best=%d\n", MODE,
           (int)sizeof(REAL), nt, ns, s, best);
    free(d);
    return 0;
}
