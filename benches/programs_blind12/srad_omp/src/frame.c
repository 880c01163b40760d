/* despeckle: a synthetic speckled ultrasound frame (the suite's exp of the input image),
 * the neighbour tables, and the summary the group compares between runs */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "srad.h"

Frame frame_new(int rows, int cols)
{
    Frame f;
    size_t n = (size_t)rows * cols;
    f.rows = rows;
    f.cols = cols;
    f.J = malloc(n * sizeof(float));
    f.c = malloc(n * sizeof(float));
    f.dN = malloc(n * sizeof(float));
    f.dS = malloc(n * sizeof(float));
    f.dW = malloc(n * sizeof(float));
    f.dE = malloc(n * sizeof(float));
    f.iN = malloc(rows * sizeof(int));
    f.iS = malloc(rows * sizeof(int));
    f.jW = malloc(cols * sizeof(int));
    f.jE = malloc(cols * sizeof(int));
    if (!f.J || !f.c || !f.dN || !f.dS || !f.dW || !f.dE || !f.iN || !f.iS || !f.jW || !f.jE) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (int i = 0; i < rows; i++) {
        f.iN[i] = i - 1;
        f.iS[i] = i + 1;
    }
    for (int j = 0; j < cols; j++) {
        f.jW[j] = j - 1;
        f.jE[j] = j + 1;
    }
    f.iN[0] = 0;
    f.iS[rows - 1] = rows - 1;
    f.jW[0] = 0;
    f.jE[cols - 1] = cols - 1;
    return f;
}

void frame_free(Frame *f)
{
    free(f->J); free(f->c); free(f->dN); free(f->dS); free(f->dW); free(f->dE);
    free(f->iN); free(f->iS); free(f->jW); free(f->jE);
}

/* a bright ellipse (an organ) on a darker background, multiplicative speckle, then exp()
 * as the suite does to its input */
void frame_synthetic(Frame *f, unsigned seed)
{
    unsigned s = seed;
    for (int i = 0; i < f->rows; i++)
        for (int j = 0; j < f->cols; j++) {
            double y = (i - 0.45 * f->rows) / (0.25 * f->rows);
            double x = (j - 0.55 * f->cols) / (0.3 * f->cols);
            double base = (x * x + y * y < 1.0) ? 0.8 : 0.3;
            s = s * 1103515245u + 12345u;
            double u = ((s >> 8) & 0xffff) / 65536.0;
            f->J[(size_t)i * f->cols + j] = (float)exp(base * (0.6 + 0.8 * u));
        }
}

void frame_report(const Frame *f)
{
    double total = 0, total2 = 0;
    float lo = f->J[0], hi = f->J[0];
    size_t n = (size_t)f->rows * f->cols;
    for (size_t k = 0; k < n; k++) {
        total += f->J[k];
        total2 += (double)f->J[k] * f->J[k];
        if (f->J[k] < lo) lo = f->J[k];
        if (f->J[k] > hi) hi = f->J[k];
    }
    double mean = total / n;
    printf("image mean %.9f variance %.9e\n", mean, total2 / n - mean * mean);
    printf("image range %.7f %.7f\n", lo, hi);
    for (int s = 0; s < 6; s++) {
        int i = (s * 173 + 11) % f->rows, j = (s * 241 + 5) % f->cols;
        printf("pixel %d %d = %.7f\n", i, j, f->J[(size_t)i * f->cols + j]);
    }
}
