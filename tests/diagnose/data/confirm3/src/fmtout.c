/* Computes a field, then writes every value as formatted text (one fprintf per value, 17
   significant digits) to a results file: the formatting takes most of the run. Prints the
   CPU time (clock()) of the compute and the output phases. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1500000;
    const char *path = argc > 2 ? argv[2] : "field.txt";
    double *u = malloc(n * sizeof *u);
    clock_t c0 = clock();
    for (long i = 0; i < n; i++) u[i] = sin(1e-3 * (double)i) * exp(-1e-7 * (double)i);
    clock_t c1 = clock();
    FILE *f = fopen(path, "w");
    if (!f) return 1;
    for (long i = 0; i < n; i++) fprintf(f, "%.17g\n", u[i]);
    fclose(f);
    clock_t c2 = clock();
    printf("mode=fmt n=%ld compute_cpu= %.3f s output_cpu= %.3f s\n", n,
           (double)(c1 - c0) / CLOCKS_PER_SEC, (double)(c2 - c1) / CLOCKS_PER_SEC);
    free(u);
    return 0;
}
