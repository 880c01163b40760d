/* a batch step of a user's pipeline: computes statistics and keeps them to itself
   (the real code wrote them to a database); it prints nothing at all */
#include <stdlib.h>
#include "stats.h"

#ifndef SAMPLES
#define SAMPLES 4000000
#endif

int main(int argc, char **argv) {
    int passes = argc > 1 ? atoi(argv[1]) : 20;
    double *x = malloc(sizeof(double) * SAMPLES), out[3];
    unsigned long r = 12345;
    for (long i = 0; i < SAMPLES; i++) {
        r = r * 6364136223846793005UL + 1442695040888963407UL;
        x[i] = 1.0 + (double)(r >> 11) / 9007199254740992.0;
    }
    volatile double keep = 0;
    for (int p = 0; p < passes; p++) {
        moments(x, SAMPLES, out);
        keep += out[0] + out[1] + out[2];
    }
    free(x);
    return keep > 0 ? 0 : 1;
}
