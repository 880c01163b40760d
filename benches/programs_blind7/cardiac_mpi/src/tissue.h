#ifndef TISSUE_H
#define TISSUE_H

#include "fhn.h"

/* A sheet of nx x ny cells (row-major, y = row), no-flux edges. Every rank keeps the
 * whole sheet; rank r advances rows [row_lo, row_hi). */
typedef struct {
    int nx, ny;
    double h, dt;
    int row_lo, row_hi;
    double *u, *v;          /* state at the current step (whole sheet) */
    double *un, *vn;        /* state being built for the next step (whole sheet) */
    double *act;            /* first time each cell exceeded u = 0.5 (-1: not yet) */
} Tissue;

void tissue_init(Tissue *T, int nx, int ny, double h, double dt, int rank, int size);
void tissue_free(Tissue *T);
/* stimulate the cells x < width of every row (u set to 1) */
void tissue_stimulate(Tissue *T, int width);
/* advance the own rows by one explicit Euler step into un, vn (other rows set to 0);
 * records activation times at time t */
void tissue_step(Tissue *T, const FHN *p, double t);
/* make the step's result the current state on every rank */
void tissue_exchange(Tissue *T);

#endif
