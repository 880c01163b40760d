#ifndef HISTOGRAM_H
#define HISTOGRAM_H
#include <stdint.h>
/* hist[v] += number of pixels of value v (hist has LEVELS bins) */
void histogram_add(const uint16_t *pix, long n, long *hist);
#endif
