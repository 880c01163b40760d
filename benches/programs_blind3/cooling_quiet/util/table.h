#ifndef TABLE_H
#define TABLE_H
/* a tabulated function y(x) on increasing, not necessarily uniform, abscissae */
typedef struct {
    int n;
    double *x, *y;
} Table;

Table table_alloc(int n);
void table_free(Table *t);
/* piecewise-linear interpolation; clamped to the end intervals outside the table */
double table_interp(const Table *t, double x);
#endif
