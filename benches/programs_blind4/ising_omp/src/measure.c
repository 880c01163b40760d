#include <stdlib.h>
#include "measure.h"

void measure(const Lattice *lat, Averages *acc)
{
    const int L = lat->L;
    long mag = 0, bonds = 0;
    for (int i = 0; i < L; i++)
        for (int j = 0; j < L; j++) {
            int sij = lat->s[i * L + j];
            mag += sij;
            bonds += sij * (lat->s[((i + 1) % L) * L + j] + lat->s[i * L + (j + 1) % L]);
        }
    double n = (double)L * L;
    double m = labs(mag) / n, e = -bonds / n;
    acc->n++;
    acc->m += m;
    acc->m2 += m * m;
    acc->e += e;
    acc->e2 += e * e;
}
