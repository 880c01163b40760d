/* Counts close pairs among n points by comparing every pair: O(n^2) compares. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10000;
    double *x = malloc(sizeof(double) * (size_t)n);
    unsigned s = 7u;
    for (int i = 0; i < n; i++) { s = s * 1664525u + 1013904223u; x[i] = (s >> 8) / 16777216.0; }
    long close = 0, compares = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            compares++;
            double d = x[i] - x[j];
            if (d * d < 1e-8) close++;
        }
    printf("points %d compares %ld close %ld\n", n, compares, close);
    free(x);
    return 0;
}
