/* Legendre series evaluation f(x) = sum_l c_l P_l(x) at many points, every P_l(x) computed from
   the explicit sum formula  P_l(x) = 2^-l sum_k (-1)^k C(l,k) C(2l-2k,l) x^(l-2k)  (binomials
   through lgamma, powers through pow): O(L^2) work per point.  usage: legendre LMAX NPOINT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double lbinom(int n, int k) { return lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0); }

static double legendre_p(int l, double x)
{
    double sum = 0.0;
    for (int k = 0; k <= l / 2; k++) {
        double term = exp(lbinom(l, k) + lbinom(2 * l - 2 * k, l) - l * M_LN2) * pow(x, l - 2 * k);
        sum += (k % 2 ? -term : term);
    }
    return sum;
}

int main(int argc, char **argv)
{
    int lmax = argc > 1 ? atoi(argv[1]) : 60;
    int np = argc > 2 ? atoi(argv[2]) : 2000;
    double *c = malloc((lmax + 1) * sizeof *c), acc = 0.0;
    for (int l = 0; l <= lmax; l++) c[l] = 1.0 / (1.0 + l * l);
    clock_t c0 = clock();
    for (int p = 0; p < np; p++) {
        double x = -0.99 + 1.98 * p / (np - 1), f = 0.0;
        for (int l = 0; l <= lmax; l++) f += c[l] * legendre_p(l, x);
        acc += f;
    }
    double t = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("lmax=%d points=%d cpu=%.3f s  %.1f ns/point  sum=%.10e\n", lmax, np, t, 1e9 * t / np, acc);
    return 0;
}
