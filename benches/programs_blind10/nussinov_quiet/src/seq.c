#include <stdlib.h>
#include "seq.h"

static unsigned long next(unsigned long *s)
{
    *s = *s * 6364136223846793005UL + 1442695040888963407UL;
    return *s >> 33;
}

static base random_base(unsigned long *s, double gc)
{
    double u = (double)next(s) / 2147483648.0;
    if (u < gc) return u < gc / 2 ? 1 : 2;  /* C or G */
    return u < gc + (1 - gc) / 2 ? 0 : 3;   /* A or U */
}

base *seq_synthetic(int n, double gc, unsigned long seed)
{
    base *s = malloc((size_t)n);
    unsigned long st = seed;
    int i = 0;
    while (i < n) {
        /* a stem of 4-9 pairs closed by a loop of 3-8 bases, then a linker */
        int stem = 4 + (int)(next(&st) % 6), loop = 3 + (int)(next(&st) % 6);
        int linker = (int)(next(&st) % 25);
        if (i + 2 * stem + loop + linker > n) {
            while (i < n) s[i++] = random_base(&st, gc);
            break;
        }
        int first = i;
        for (int k = 0; k < stem; k++) s[i++] = random_base(&st, gc);
        for (int k = 0; k < loop; k++) s[i++] = random_base(&st, gc);
        for (int k = 0; k < stem; k++) {
            base partner = (base)(3 - s[first + stem - 1 - k]);
            /* a mismatch now and then */
            s[i++] = next(&st) % 8 == 0 ? random_base(&st, gc) : partner;
        }
        for (int k = 0; k < linker; k++) s[i++] = random_base(&st, gc);
    }
    return s;
}

char seq_letter(base b)
{
    return "ACGU"[b & 3];
}
