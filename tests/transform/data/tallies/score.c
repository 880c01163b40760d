#include "tally.h"

void score(Tally *t, int iz, double w)
{
    if (iz < 0)
        iz = 0;
    if (iz >= NZ)
        iz = NZ - 1;
#pragma omp critical(score)
    {
        t->absorbed += w;
        t->events++;
        t->prof[iz] += w;
    }
}
