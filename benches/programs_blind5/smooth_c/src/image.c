#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "image.h"

image_t image_new(int w, int h)
{
    image_t im = {w, h, malloc((size_t)w * h * sizeof(float))};
    return im;
}

void image_free(image_t *im)
{
    free(im->data);
    im->data = NULL;
}

static double uniform(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return ((z >> 11) + 0.5) * 0x1.0p-53;
}

void image_synthetic_sar(image_t *im, unsigned long seed)
{
    uint64_t s = seed;
    for (int y = 0; y < im->h; y++)
        for (int x = 0; x < im->w; x++) {
            int field = ((x / 256) * 7 + (y / 192) * 13) % 5;
            double sigma0 = 0.05 + 0.04 * field;
            if (abs(x - y / 2 - 700) < 6 || abs(y - 3 * im->h / 5) < 4) sigma0 = 0.01; /* roads */
            if ((x % 509 == 17) && (y % 433 == 91)) sigma0 = 40.0;                  /* targets */
            im->data[(size_t)y * im->w + x] = (float)(-sigma0 * log(uniform(&s)));
        }
}

void image_transpose(const image_t *in, image_t *out)
{
    out->w = in->h;
    out->h = in->w;
    for (int y = 0; y < in->h; y++)
        for (int x = 0; x < in->w; x++)
            out->data[(size_t)x * out->w + y] = in->data[(size_t)y * in->w + x];
}

void image_stats(const image_t *im, double *mean, double *var, double *maxv, double *sum_xy)
{
    double s = 0.0, s2 = 0.0, m = im->data[0], sxy = 0.0;
    for (int y = 0; y < im->h; y++) {
        double row = 0.0;
        for (int x = 0; x < im->w; x++) {
            double v = im->data[(size_t)y * im->w + x];
            row += v;
            s2 += v * v;
            if (v > m) m = v;
            sxy += v * ((x + 1.0) / im->w) * ((y + 1.0) / im->h);
        }
        s += row;
    }
    double n = (double)im->w * im->h;
    *mean = s / n;
    *var = s2 / n - (*mean) * (*mean);
    *maxv = m;
    *sum_xy = sxy;
}
