/* loadcase: responses of a structure to many load cases, R = alpha K F + beta R0, with K the
 * symmetric stiffness-like operator stored as its lower triangle (PolyBench/C symm). */
#ifndef LOADCASE_H
#define LOADCASE_H

#ifndef NDOF
#define NDOF 1000      /* degrees of freedom (M in PolyBench) */
#endif
#ifndef NCASES
#define NCASES 1100    /* load cases (N in PolyBench) */
#endif

/* model.c: the operator, the load cases and the previous responses */
void model_init(int m, int n, double *alpha, double *beta,
                double K[NDOF][NDOF], double F[NDOF][NCASES], double R[NDOF][NCASES]);

/* symm.c: R := alpha K F + beta R, K symmetric, only its lower triangle referenced */
void kernel_symm(int m, int n, double alpha, double beta,
                 double R[NDOF][NCASES], double K[NDOF][NDOF], double F[NDOF][NCASES]);

/* report.c: what the group compares between runs */
void report(int m, int n, double R[NDOF][NCASES], double seconds);

#endif
