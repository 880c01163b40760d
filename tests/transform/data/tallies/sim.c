#include <math.h>
#include "rng.h"
#include "sim.h"

double edep[NB];
long hits[NB];

double simulate(long n)
{
    double total = 0.0;
    long i;
#pragma omp parallel for schedule(static)
    for (i = 0; i < n; i++) {
        double depth = -log(1.0 - unit(2 * (uint64_t)i)) * 3.0;
        int b = (int)(depth * 4.0);
        double w = 0.5 + unit(2 * (uint64_t)i + 1);
        if (b >= NB)
            b = NB - 1;
#pragma omp critical(score)
        {
            edep[b] += w;
            hits[b]++;
            total += w;
        }
    }
    return total;
}
