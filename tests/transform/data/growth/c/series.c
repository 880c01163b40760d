#include <stdlib.h>
#include "series.h"

double *collect(long n, long *count)
{
    double *out = NULL;
    long *tag = NULL;
    long k = 0;
    double x = 0.5;
    for (long i = 0; i < n; i++) {
        x = x * 3.7 + 0.13;
        x -= (long)x;
        if (x > 0.25) {
            out = realloc(out, (k + 1) * sizeof *out);
            tag = realloc(tag, (k + 1) * sizeof(long));
            out[k] = x;
            tag[k] = i;
            k++;
        }
    }
    for (long j = 0; j < k; j++)
        out[j] += 1e-9 * (double)tag[j];
    free(tag);
    *count = k;
    return out;
}
