/* field.h -- stationary velocity field on a periodic n x n grid (spacing 1 km) */
#ifndef FIELD_H
#define FIELD_H

typedef struct {
    int n;         /* grid points per side; the domain is [0, n) km, periodic */
    double *u, *v; /* velocity components (km/day) at the grid points, row-major [j][i] */
    double umax;   /* largest speed */
} Field;

Field *field_eddies(int n, int modes, double rms_speed, unsigned long long seed);
void field_free(Field *f);
/* bilinear interpolation of (u, v) at (x, y), 0 <= x, y < n */
void field_velocity(const Field *f, double x, double y, double *u, double *v);

#endif
