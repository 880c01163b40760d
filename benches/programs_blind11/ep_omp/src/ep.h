/* gaussdev: the NAS Parallel Benchmarks' EP kernel as used by our detector-noise study */
#ifndef EP_H
#define EP_H

#define MK 16            /* log2 of the pairs per batch */
#define NK (1 << MK)     /* pairs per batch */
#define NQ 10            /* annuli counted */
#define EP_SEED 271828183.0
#define EP_A 1220703125.0 /* 5^13 */

/* randlc.c: the suite's 46-bit linear congruential generator in double arithmetic */
double randlc(double *x, double a);
void vranlc(int n, double *x, double a, double y[]);

typedef struct {
    double sx, sy;       /* sums of the deviates */
    double q[NQ];        /* pairs counted per annulus */
    double gc;           /* accepted pairs */
} ep_result;

/* ep.c: 2^m pairs in batches of NK, each batch's seed found by the suite's jump */
void ep_run(int m, double seed, ep_result *res);

#endif
