/* one fprintf + fflush per value: a write(2) per line; the program times its output phase */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 400000;
    const char *path = argc > 2 ? argv[2] : "out.txt";
    double *v = malloc(n * sizeof *v);
    double t0 = now();
    for (long i = 0; i < n; i++) v[i] = (double)i * 0.5 + (i % 13);
    double t1 = now();
    FILE *f = fopen(path, "w");
    for (long i = 0; i < n; i++) { fprintf(f, "%ld %.6f\n", i, v[i]); fflush(f); }
    fclose(f);
    double t2 = now();
    printf("compute time: %.3f s\n", t1 - t0);
    printf("output time: %.3f s\n", t2 - t1);
    printf("total time: %.3f s\n", t2 - t0);
    return 0;
}
