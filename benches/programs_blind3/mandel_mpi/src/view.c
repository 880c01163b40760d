#include "view.h"

View view_upper_half(int width, int height, int maxiter)
{
    View v = {width, height, maxiter, -2.0, 0.5, 0.0, 1.25};
    return v;
}

double view_x(const View *v, int col)
{
    return v->xmin + (v->xmax - v->xmin) * (col + 0.5) / v->width;
}

double view_y(const View *v, int row)
{
    return v->ymin + (v->ymax - v->ymin) * (row + 0.5) / v->height;
}
