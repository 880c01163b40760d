#ifndef HALO_H
#define HALO_H
/* each rank owns NX columns of an NY-row strip, ghost columns kept apart */
void exchange(double u[NY][NX], double *west, double *east, int left, int right);
void shift_in_place(double *row, int n, int left, int right);
#endif
