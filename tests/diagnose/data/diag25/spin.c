/* A serial loop of fixed work (its CPU time does not depend on the machine's load). */
#include <stdio.h>
#include <time.h>
int main(void) {
    volatile double x = 0;
    clock_t c0 = clock();
    for (long i = 0; i < 300000000L; i++) x += 1e-9 * (double)(i & 7);
    printf("x=%.3f cpu=%.3f s\n", x, (double)(clock() - c0) / CLOCKS_PER_SEC);
    return 0;
}
