#include "chain.h"

#include <complex.h>
#include <math.h>

#include "rng.h"

void chain_disorder(double *eps, long n, double w, uint64_t seed, uint64_t r)
{
    for (long i = 0; i < n; ++i)
        eps[i] = w * uniform_centered(seed, r, (uint64_t)i);
}

/* Surface Green's function of the half chain grown site by site:
 *   g_n = 1 / (z - eps_n - t^2 g_{n-1}),   z = e + i eta,
 * and ln |prod g_n t| / n -> -1/xi (the Lyapunov exponent).  The product is renormalised
 * every 32 sites. */
ChainResult chain_green(const double *eps, long n, double t, double e, double eta)
{
    const double complex z = e + I * eta;
    const double complex t2 = t * t;
    double complex g = 0.0;
    double logsum = 0.0, prod = 1.0, ldos = 0.0;
    const long tail = n / 16;
    for (long i = 0; i < n; ++i) {
        g = 1.0 / (z - eps[i] - t2 * g);
        const double a = creal(g) * t, b = cimag(g) * t;
        prod *= a * a + b * b;
        if ((i & 31) == 31) {
            logsum += log(prod);
            prod = 1.0;
        }
        if (i >= n - tail)
            ldos += -cimag(g) / M_PI;
    }
    logsum += log(prod);
    ChainResult res;
    res.lyapunov = -0.5 * logsum / (double)n;
    res.ldos = ldos / (double)tail;
    return res;
}
