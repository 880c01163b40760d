/* krige: simple kriging (Gaussian-process regression) of a storm's rain totals
 * from a gauge network onto a regular map grid.
 *
 *   ./krige [gauges=2200] [grid=60]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "covariance.h"
#include "gauges.h"
#include "linalg.h"

static double cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 2200;
    int ng = argc > 2 ? atoi(argv[2]) : 60;
    if (n < 10 || ng < 2) {
        fprintf(stderr, "usage: krige [gauges>=10] [grid>=2]\n");
        return 1;
    }
    Gauges g;
    if (gauges_synthetic(&g, n, 4242u)) {
        fprintf(stderr, "krige: out of memory\n");
        return 1;
    }
    Variogram vg = {.sill = 380.0, .range = 60.0, .nugget = 2.0};

    double mean = 0.0;
    for (int i = 0; i < n; i++)
        mean += g.rain[i];
    mean /= n;

    double t0 = cpu_s();
    double *C = malloc(sizeof(double) * (size_t)n * n);
    double *w = malloc(sizeof(double) * n);
    if (!C || !w) {
        fprintf(stderr, "krige: out of memory\n");
        return 1;
    }
    cov_matrix(&vg, n, g.x, g.y, C);
    int bad = cholesky(n, C);
    if (bad) {
        fprintf(stderr, "krige: covariance not positive definite at %d\n", bad);
        return 2;
    }
    for (int i = 0; i < n; i++)
        w[i] = g.rain[i] - mean;
    cholesky_solve(n, C, w);  /* w = C^-1 (rain - mean) */
    double quad = 0.0;
    for (int i = 0; i < n; i++)
        quad += (g.rain[i] - mean) * w[i];
    double loglik = -0.5 * (quad + cholesky_logdet(n, C) + n * log(2.0 * M_PI));
    double t1 = cpu_s();

    /* the map: prediction on ng x ng nodes, scored against the true field */
    double sse = 0.0, vmax = -1e300, area_heavy = 0.0;
    for (int a = 0; a < ng; a++) {
        for (int b = 0; b < ng; b++) {
            double px = 200.0 * a / (ng - 1), py = 200.0 * b / (ng - 1);
            double z = mean;
            for (int i = 0; i < n; i++)
                z += cov(&vg, hypot(px - g.x[i], py - g.y[i])) * w[i];
            double err = z - storm_field(px, py);
            sse += err * err;
            if (z > vmax)
                vmax = z;
            if (z > 50.0)
                area_heavy += 1.0;
        }
    }
    double t2 = cpu_s();

    printf("kriging %d gauges onto a %d x %d grid\n", n, ng, ng);
    printf("  gauge mean        %.8f mm\n", mean);
    printf("  log likelihood    %.8e\n", loglik);
    printf("  map max           %.8f mm\n", vmax);
    printf("  map rmse          %.8f mm\n", sqrt(sse / ((double)ng * ng)));
    printf("  area over 50 mm   %.4f %%\n", 100.0 * area_heavy / ((double)ng * ng));
    printf("timing (cpu): fit %.3f s, map %.3f s, total %.3f s\n", t1 - t0, t2 - t1, t2 - t0);
    free(C);
    free(w);
    gauges_free(&g);
    return 0;
}
