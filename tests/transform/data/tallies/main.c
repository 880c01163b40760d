#include <stdio.h>
#include "sim.h"

int main(void)
{
    double total = simulate(EVENTS);
    long n = 0;
    int b;
    printf("total %.6f\n", total);
    for (b = 0; b < NB; b += 8) {
        printf("bin %d hits %ld edep %.6f\n", b, hits[b], edep[b]);
        n += hits[b];
    }
    printf("events %ld\n", n);
    return 0;
}
