/* Clears a whole 64 MB grid before each batch that touches a few thousand cells, and times
   the clearing phase itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(void) {
    size_t n = 8u << 20;
    double *g = malloc(n * sizeof *g);
    unsigned s = 1;
    double check = 0.0, clear = 0.0, t0 = now();
    for (int b = 0; b < 40; b++) {
        double c0 = now();
        memset(g, 0, n * sizeof *g);
        clear += now() - c0;
        for (int k = 0; k < 4096; k++) {
            s = s * 1103515245u + 12345u;
            g[s % n] += 1.0;
        }
        check += g[s % n];
    }
    printf("batches: 40\ncheck: %.0f\ntotal: %.3f s\nclear: %.3f s\n", check, now() - t0, clear);
    free(g);
    return 0;
}
