#include <math.h>
#include <stdio.h>
#include "rng.h"
#include "tally.h"

int main(void)
{
    Tally tally = {0};
    long i;
    int z;
#pragma omp parallel for schedule(static)
    for (i = 0; i < EVENTS; i++) {
        double depth = -log(1.0 - unit(3 * (uint64_t)i)) * 8.0;
        double w = unit(3 * (uint64_t)i + 1);
        score(&tally, (int)depth, w);
    }
    printf("absorbed %.6f events %ld\n", tally.absorbed, tally.events);
    for (z = 0; z < NZ; z += 5)
        printf("z %d %.6f\n", z, tally.prof[z]);
    return 0;
}
