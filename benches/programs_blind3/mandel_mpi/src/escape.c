#include "escape.h"

int escape_count(double cx, double cy, int maxiter)
{
    double x = 0.0, y = 0.0, x2 = 0.0, y2 = 0.0;
    int it = 0;
    while (it < maxiter && x2 + y2 <= 4.0) {
        y = 2.0 * x * y + cy;
        x = x2 - y2 + cx;
        x2 = x * x;
        y2 = y * y;
        it++;
    }
    return it;
}

void render_row(const View *v, int row, int *counts)
{
    double cy = view_y(v, row);
    for (int col = 0; col < v->width; col++)
        counts[col] = escape_count(view_x(v, col), cy, v->maxiter);
}
