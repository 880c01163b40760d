/* reach: how far (in blocks) every junction of a street grid is from each of a few
 * depots, and the service areas when every junction is served by its nearest depot.
 *
 * usage: reach [width=900] [height=700] [keep=0.62] [ramps=0.0005] [depots=6] [seed=3]
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bfs.h"
#include "graph.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(int argc, char **argv)
{
    int width = argc > 1 ? atoi(argv[1]) : 900;
    int height = argc > 2 ? atoi(argv[2]) : 700;
    double keep = argc > 3 ? atof(argv[3]) : 0.62;
    double ramps = argc > 4 ? atof(argv[4]) : 0.0005;
    int ndepots = argc > 5 ? atoi(argv[5]) : 6;
    unsigned long seed = argc > 6 ? strtoul(argv[6], NULL, 10) : 3;

    Graph *g = graph_street_grid(width, height, keep, ramps, seed);
    int n = g->no_of_nodes;
    printf("street grid %d x %d, %d junctions, %d street ends\n", width, height, n,
           g->edge_list_size);

    int *cost = malloc((size_t)n * sizeof(int));
    int *best = malloc((size_t)n * sizeof(int));
    int *owner = malloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++) {
        best[i] = INT_MAX;
        owner[i] = -1;
    }

    printf("%6s %8s %8s %8s %10s %12s\n", "depot", "x", "y", "levels", "reached", "mean hops");
    double seconds = 0.0;
    for (int d = 0; d < ndepots; d++) {
        /* depots spread over the town on a coarse lattice, nudged to a junction */
        int dx = (int)((d % 3 + 0.5) * width / 3.0), dy = (int)((d / 3 % 2 + 0.5) * height / 2.0);
        int src = dy * width + dx;
        double t0 = now();
        int levels = bfs_levels(g, src, cost);
        seconds += now() - t0;
        long reached = 0;
        double sum = 0.0;
        for (int i = 0; i < n; i++)
            if (cost[i] >= 0) {
                reached++;
                sum += cost[i];
                if (cost[i] < best[i]) {
                    best[i] = cost[i];
                    owner[i] = d;
                }
            }
        printf("%6d %8d %8d %8d %10ld %12.4f\n", d, dx, dy, levels, reached,
               reached ? sum / reached : 0.0);
    }

    long *area = calloc(ndepots, sizeof(long));
    long unserved = 0;
    int farthest = 0;
    for (int i = 0; i < n; i++) {
        if (owner[i] < 0) {
            unserved++;
            continue;
        }
        area[owner[i]]++;
        if (best[i] > farthest) farthest = best[i];
    }
    for (int d = 0; d < ndepots; d++) printf("area %d: %ld junctions\n", d, area[d]);
    printf("unserved %ld, farthest junction %d blocks from its depot\n", unserved, farthest);
    printf("search time: %.4f s wall\n", seconds);

    free(area);
    free(cost);
    free(best);
    free(owner);
    graph_free(g);
    return 0;
}
