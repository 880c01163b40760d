/* main.c: apsp [towns=1000] [seed=7] -- travel-time table of the regional road network */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "graph.h"
#include "apsp.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    unsigned seed = argc > 2 ? (unsigned)atoi(argv[2]) : 7u;
    if (n < 2) {
        fprintf(stderr, "apsp: need at least 2 towns\n");
        return 2;
    }
    graph_t *g = graph_random_roads(n, seed);

    double t0 = now_ms();
    apsp_floyd(g);
    double t1 = now_ms();

    long long sum = 0;
    long unreachable = 0;
    int diameter = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int v = g->dist[i][j];
            if (v >= DIST_INF) { unreachable++; continue; }
            sum += v;
            if (v > diameter) diameter = v;
        }
    printf("towns=%d seed=%u\n", n, seed);
    printf("floyd: %.1f ms\n", t1 - t0);
    printf("sum of travel times=%lld unreachable pairs=%ld diameter=%d\n",
           sum, unreachable, diameter);
    graph_free(g);
    return 0;
}
