/* Rodinia pathfinder, openmp/pathfinder/pathfinder.cpp's run(): the dynamic programme over
 * the rows, each cell's cost the wall's plus the cheapest of the three cells above; the
 * suite's `#pragma omp parallel for` on the n loop was dropped by the group: a barrier per
 * row, and on its shared nodes a descheduled thread held up every row (ten times slower) */
#include "pathfinder.h"

void pathfinder(const Grid *g, int *result, int *scratch)
{
    int rows = g->rows, cols = g->cols;
    int **wall = g->wall;
    int *src, *dst, *temp;
    int min;

    for (int j = 0; j < cols; j++)
        result[j] = wall[0][j];

    dst = result;
    src = scratch;
    for (int t = 0; t < rows - 1; t++) {
        temp = src;
        src = dst;
        dst = temp;
        for (int n = 0; n < cols; n++) {
            min = src[n];
            if (n > 0)
                min = MIN(min, src[n - 1]);
            if (n < cols - 1)
                min = MIN(min, src[n + 1]);
            dst[n] = wall[t + 1][n] + min;
        }
    }
    /* the last row's costs end in dst: hand them back in result */
    if (dst != result)
        for (int j = 0; j < cols; j++)
            result[j] = dst[j];
}
