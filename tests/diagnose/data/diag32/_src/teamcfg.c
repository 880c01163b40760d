/* an OpenMP sweep whose thread count a config file may set (omp_set_num_threads): prints the
   team its region ran with */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4000000;
    int iters = argc > 2 ? atoi(argv[2]) : 100;
    FILE *cfg = fopen("team.cfg", "r");
    int want = 0;
    if (cfg) {
        if (fscanf(cfg, "threads %d", &want) == 1 && want > 0)
            omp_set_num_threads(want);
        fclose(cfg);
    }
    double *u = malloc(n * sizeof *u), s = 0.0;
    for (int i = 0; i < n; i++) u[i] = (i % 7) * 0.5;
    int team = 0;
    double t0 = omp_get_wtime();
    for (int it = 0; it < iters; it++) {
#pragma omp parallel reduction(+ : s)
        {
#pragma omp single
            team = omp_get_num_threads();
#pragma omp for schedule(static)
            for (int i = 0; i < n; i++)
                s += u[i] * (1.0 + 1e-9 * it);
        }
    }
    printf("teamcfg: n=%d iters=%d seconds=%.4f team=%d sum=%.6e\n", n, iters,
           omp_get_wtime() - t0, team, s);
    free(u);
    return 0;
}
