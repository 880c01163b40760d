/* A breadth-first work queue kept as an array: take the first item, shift the rest down, append children. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv)
{
    long nodes = argc > 1 ? atol(argv[1]) : 100000;
    long *q = malloc((nodes + 2) * sizeof *q), len = 0, next = 1, visited = 0, sum = 0;
    q[len++] = 0;
    double t0 = now();
    while (len > 0) {
        long v = q[0];
        memmove(q, q + 1, (len - 1) * sizeof *q);
        len--;
        visited++;
        sum += v % 7;
        for (int c = 0; c < 2 && next < nodes; c++) q[len++] = next++;
    }
    printf("nodes=%ld visited=%ld time=%.4f s check=%ld\n", nodes, visited, now() - t0, sum);
    return 0;
}
