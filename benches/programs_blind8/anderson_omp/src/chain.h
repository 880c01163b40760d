/* Disordered tight-binding chain H = sum_n eps_n |n><n| - t (|n><n+1| + h.c.),
 * eps_n uniform in [-W/2, W/2]. */
#ifndef CHAIN_H
#define CHAIN_H

#include <stdint.h>

typedef struct {
    double lyapunov;   /* inverse localisation length 1/xi (per site) */
    double ldos;       /* -Im G_NN / pi at the chain's end, averaged over the last sites */
} ChainResult;

/* fill eps[0..n-1] for realisation r */
void chain_disorder(double *eps, long n, double w, uint64_t seed, uint64_t r);
/* recursive Green's function at energy e + i eta along one chain */
ChainResult chain_green(const double *eps, long n, double t, double e, double eta);

#endif
