#include "histo.h"

/* Parboil's input is strongly skewed: most pixels fall in a few bins near a hot spot.
 * Here: a sum of three uniform draws (a rough bell) around a centre, plus a flat
 * background on one pixel in eight. */
static unsigned int lcg(unsigned int *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

void make_frame(unsigned int *img, size_t npix, unsigned int seed)
{
    unsigned int s = seed;
    for (size_t i = 0; i < npix; i++) {
        unsigned int r = lcg(&s);
        unsigned int v;
        if ((r & 7u) == 0) {
            v = lcg(&s) % (unsigned int)HISTO_BINS;
        } else {
            unsigned int a = lcg(&s) % 96u, b = lcg(&s) % 96u, c = lcg(&s) % 96u;
            unsigned int row = 100u + (a + b + c) / 6u;          /* rows 100..147 */
            unsigned int col = 2000u + (lcg(&s) % 64u) * 3u;     /* a band of columns */
            v = row * HISTO_WIDTH + col;
        }
        img[i] = v;
    }
}
