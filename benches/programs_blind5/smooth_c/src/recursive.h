#ifndef RECURSIVE_H
#define RECURSIVE_H
#include "image.h"

/* first-order causal + anticausal exponential smoothing of every row,
   y[n] = (1 - a) x[n] + a y[n-1] forwards then backwards, a = exp(-1 / scale) */
void smooth_rows(image_t *im, double scale);

/* the same along every column: transpose, smooth the rows, transpose back; tmp is scratch */
void smooth_cols(image_t *im, image_t *tmp, double scale);

/* 2-D smoothing: `passes` row passes then `passes` column passes (three passes of the
   exponential filter come close to a Gaussian of the same scale) */
void smooth_2d(image_t *im, image_t *tmp, double scale, int passes);

#endif
