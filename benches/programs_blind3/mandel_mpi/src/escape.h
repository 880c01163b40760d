#ifndef ESCAPE_H
#define ESCAPE_H
#include "view.h"

/* iterations before |z| > 2 (maxiter: never escaped, counted as inside) */
int escape_count(double cx, double cy, int maxiter);
/* one image row of escape counts */
void render_row(const View *v, int row, int *counts);

#endif
