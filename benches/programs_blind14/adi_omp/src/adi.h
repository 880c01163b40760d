/* plate: PolyBench/C's adi (alternating direction implicit) solver in a diffusion
 * project. Arrays are the suite's n x n doubles, held as pointers to rows of n
 * (C99 variably modified types) so that the sizes can come from the command line. */
#ifndef ADI_H
#define ADI_H

typedef double DATA_TYPE;

void init_array(int n, DATA_TYPE u[n][n]);

void kernel_adi(int tsteps, int n, DATA_TYPE u[n][n], DATA_TYPE v[n][n],
                DATA_TYPE p[n][n], DATA_TYPE q[n][n]);

void field_report(int n, DATA_TYPE u[n][n]);

#endif
