/* an OpenMP parallel for over 256 elements, entered 400000 times: each region's fork/join
   and barrier cost more than its work */
#include <stdio.h>
#include <stdlib.h>
#define N 256
int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 400000;
    static double a[N], b[N];
    for (int i = 0; i < N; ++i) { a[i] = i; b[i] = 0.5 * i; }
    double s = 0;
    for (int r = 0; r < reps; ++r) {
#pragma omp parallel for
        for (int i = 0; i < N; ++i) a[i] = a[i] * 0.999 + b[i];
        s += a[r % N];
    }
    printf("sum=%.6e\n", s);
    return 0;
}
