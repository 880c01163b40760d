#ifndef IMAGE_H
#define IMAGE_H
#include <stddef.h>

#ifndef IMG_W
#define IMG_W 2048
#endif
#ifndef IMG_H
#define IMG_H 2048
#endif

/* a single-band float image, row-major: pixel (x, y) at data[y * w + x] */
typedef struct {
    int w, h;
    float *data;
} image_t;

image_t image_new(int w, int h);
void image_free(image_t *im);
/* synthetic SAR intensity scene: fields, roads and a few bright targets, with
   exponentially distributed (single-look) speckle */
void image_synthetic_sar(image_t *im, unsigned long seed);
/* out := transpose of in (out is in->h wide and in->w high) */
void image_transpose(const image_t *in, image_t *out);
void image_stats(const image_t *im, double *mean, double *var, double *maxv, double *sum_xy);

#endif
