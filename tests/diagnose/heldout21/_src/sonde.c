/* Radiosonde post-processing: for each of N soundings, interp_levels() interpolates temperature and
 * humidity onto 200 standard levels and writes each level to the output file, one fprintf per field
 * (four per level). The file is opened unbuffered (setvbuf _IONBF, left from a debugging session), so
 * every fprintf is a write system call; -DBUFFERED keeps the default stdio buffer. Prints soundings,
 * levels written and the seconds of the whole loop. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NLEV 200

static void interp_levels(FILE *out, int s)
{
    for (int l = 0; l < NLEV; l++) {
        double p = 1000.0 - 4.5 * l;
        double t = 288.15 - 0.0065 * 44330.0 * (1.0 - pow(p / 1013.25, 0.1903)) + 0.01 * s;
        double rh = 80.0 * exp(-0.01 * l);
        fprintf(out, "%6d", s);
        fprintf(out, " %7.1f", p);
        fprintf(out, " %7.2f", t);
        fprintf(out, " %5.1f\n", rh);
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    const char *path = argc > 2 ? argv[2] : "levels.txt";
    FILE *out = fopen(path, "w");
    if (!out) return 1;
#ifndef BUFFERED
    setvbuf(out, NULL, _IONBF, 0);
#endif
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int s = 0; s < n; s++) interp_levels(out, s);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    fclose(out);
    printf("soundings %d levels_written %d seconds %.3f\n", n, n * NLEV,
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    return 0;
}
