/* A one-thread compute loop: CPU time is all it needs, so its elapsed time only grows when
   other tasks hold its CPU. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2400000000L;
    double s = 0.0;
    for (long i = 1; i <= n; i++)
        s += 1.0 / (double)i;
    printf("n=%ld sum=%.12f\n", n, s);
    return 0;
}
