/* Horner evaluation of a polynomial in __float128 (binary128, emulated in software by libgcc):
   each +, * and / is a call (__addtf3, __multf3, __divtf3), conversions too. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static double horner(const double *c, int deg, long n)
{
    __float128 acc = 0;
    for (long i = 0; i < n; i++) {
        __float128 x = (__float128)i / n;
        __float128 p = c[deg];
        for (int k = deg - 1; k >= 0; k--)
            p = p * x + c[k];
        acc += p;
    }
    return (double)acc;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 400000;
    double c[8];
    for (int k = 0; k < 8; k++) c[k] = 1.0 / (k + 1);
    printf("sum=%.12f\n", horner(c, 7, n));
    return 0;
}
