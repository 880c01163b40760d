#include <math.h>
#include "recursive.h"

void smooth_rows(image_t *im, double scale)
{
    const float a = (float)exp(-1.0 / scale), b = 1.0f - a;
    for (int y = 0; y < im->h; y++) {
        float *row = im->data + (size_t)y * im->w;
        float acc = row[0];
        for (int x = 0; x < im->w; x++) {
            acc = b * row[x] + a * acc;
            row[x] = acc;
        }
        acc = row[im->w - 1];
        for (int x = im->w - 1; x >= 0; x--) {
            acc = b * row[x] + a * acc;
            row[x] = acc;
        }
    }
}

void smooth_cols(image_t *im, image_t *tmp, double scale)
{
    image_transpose(im, tmp);
    smooth_rows(tmp, scale);
    image_transpose(tmp, im);
}

void smooth_2d(image_t *im, image_t *tmp, double scale, int passes)
{
    for (int p = 0; p < passes; p++)
        smooth_rows(im, scale);
    for (int p = 0; p < passes; p++)
        smooth_cols(im, tmp, scale);
}
