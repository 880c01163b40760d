/* A serial setup followed by a parallel loop: a thread sweep shows the serial fraction. */
#include <stdio.h>
int main(void) {
    double s = 0;
    for (long i = 0; i < 300000000L; i++) s += (double)(i & 3);      /* serial part */
#pragma omp parallel for reduction(+:s)
    for (long i = 0; i < 600000000L; i++) s += (double)(i & 5) * 0.5;  /* parallel part */
    printf("%g\n", s);
    return 0;
}
