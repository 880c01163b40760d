/* Reads a text file of doubles with fscanf (the C library's number parsing). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "r");
    double x, s = 0;
    long n = 0;
    clock_t c0 = clock();
    while (fscanf(f, "%lf", &x) == 1) { s += x; n++; }
    fclose(f);
    printf("n=%ld sum=%.6e cpu=%.3f s\n", n, s, (double)(clock() - c0) / CLOCKS_PER_SEC);
    return 0;
}
