#ifndef VIEW_H
#define VIEW_H

/* The window of the complex plane mapped onto the pixel grid. The set is symmetric about the
   real axis, so only the upper half (y >= 0) is computed; the lower half is its mirror. */
typedef struct {
    int width, height, maxiter;
    double xmin, xmax, ymin, ymax;
} View;

View view_upper_half(int width, int height, int maxiter);
double view_x(const View *v, int col);
double view_y(const View *v, int row);

#endif
