/* despeckle: the frame and the SRAD iteration (Rodinia srad, openmp/srad_v2 layout) */
#ifndef SRAD_H
#define SRAD_H

typedef struct {
    int rows, cols;
    float *J;                    /* the image, row-major, rows * cols */
    float *c;                    /* diffusion coefficient per pixel */
    float *dN, *dS, *dW, *dE;    /* directional derivatives per pixel */
    int *iN, *iS, *jW, *jE;      /* neighbour rows / columns, clamped at the border */
} Frame;

Frame frame_new(int rows, int cols);
void frame_free(Frame *f);
void frame_synthetic(Frame *f, unsigned seed);
void frame_report(const Frame *f);
void srad_iterate(Frame *f, int r1, int r2, int c1, int c2, float lambda, int niter);

#endif
