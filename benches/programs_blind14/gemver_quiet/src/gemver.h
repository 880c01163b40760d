/* reweigh: the PolyBench/C gemver kernel in a coupling-matrix project.
 * Sizes are compile-time switches, as in PolyBench: -DN=... -DTSTEPS=... */
#ifndef GEMVER_H
#define GEMVER_H

#ifndef N
#define N 2000
#endif
#ifndef TSTEPS
#define TSTEPS 2
#endif

typedef double DATA_TYPE;

/* the vectors of one gemver call */
struct gemver_vectors {
    DATA_TYPE *u1, *v1, *u2, *v2;   /* the two rank-1 updates */
    DATA_TYPE *w, *x, *y, *z;       /* outputs x, w; inputs y, z */
};

int alloc_vectors(struct gemver_vectors *g, int n);
void free_vectors(struct gemver_vectors *g);
void init_array(int n, DATA_TYPE *alpha, DATA_TYPE *beta, DATA_TYPE (*A)[N],
                struct gemver_vectors *g);
void perturb(int n, int step, struct gemver_vectors *g);

void kernel_gemver(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE (*A)[N],
                   struct gemver_vectors *g);

void report(int n, DATA_TYPE (*A)[N], const struct gemver_vectors *g);

#endif
