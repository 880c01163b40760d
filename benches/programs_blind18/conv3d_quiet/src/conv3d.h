#ifndef VOXFILTER_CONV3D_H
#define VOXFILTER_CONV3D_H
#include <stddef.h>
#ifndef NI
#define NI 192
#endif
#ifndef NJ
#define NJ 192
#endif
#ifndef NK
#define NK 192
#endif
#ifndef PASSES
#define PASSES 12
#endif
#define IDX(i, j, k) (((size_t)(i) * NJ + (size_t)(j)) * NK + (size_t)(k))

void init_volume(double *A);
void kernel_conv3d(int ni, int nj, int nk, const double *A, double *B);
#endif
