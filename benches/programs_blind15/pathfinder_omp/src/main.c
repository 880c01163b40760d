/* routecost: cheapest descent cost from the top of a terrain cost grid to every bottom cell */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#include "pathfinder.h"

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: routecost COLS ROWS [SCENARIOS]\n");
        return 2;
    }
    int cols = atoi(argv[1]), rows = atoi(argv[2]);
    int scenarios = argc > 3 ? atoi(argv[3]) : 1;
    if (cols < 2 || rows < 2 || scenarios < 1) {
        fprintf(stderr, "routecost: bad sizes\n");
        return 2;
    }
    int *result = malloc((size_t)cols * sizeof(int));
    int *scratch = malloc((size_t)cols * sizeof(int));
    if (!result || !scratch) {
        fprintf(stderr, "routecost: out of memory\n");
        return 1;
    }
    printf("grid %d cols x %d rows, %d scenarios\n", cols, rows, scenarios);
    double seconds = 0.0;
    long long total = 0;
    for (int sc = 0; sc < scenarios; sc++) {
        Grid g;
        if (make_grid(&g, rows, cols, M_SEED + 17u * sc) != 0) {
            fprintf(stderr, "routecost: out of memory\n");
            return 1;
        }
        double t0 = omp_get_wtime();
        pathfinder(&g, result, scratch);
        seconds += omp_get_wtime() - t0;
        RouteStats s = route_stats(result, cols);
        printf("scenario %d: cost sum %lld  weighted %lld  best %d at col %d  worst %d\n", sc,
               s.sum, s.weighted, s.best, s.best_at, s.worst);
        printf("scenario %d: cols 0, %d, %d: %d %d %d\n", sc, cols / 2, cols - 1, result[0],
               result[cols / 2], result[cols - 1]);
        total += s.sum;
        free_grid(&g);
    }
    printf("all scenarios: cost sum %lld\n", total);
    printf("pathfinder time: %.4f s (%.2f ns per cell)\n", seconds,
           seconds * 1e9 / ((double)cols * (rows - 1) * scenarios));
    free(result);
    free(scratch);
    return 0;
}
