#include "histogram.h"
#include "config.h"

void histogram_add(const uint16_t *pix, long n, long *hist)
{
#pragma omp parallel for
    for (long i = 0; i < n; i++) {
#pragma omp atomic
        hist[pix[i]]++;
    }
}
