/* a float kernel widened to double by double literals (0.7, 0.3) */
#include <stdio.h>
#include <stdlib.h>
#define N 4096
__attribute__((noinline)) void blend(float *y, const float *x, int n) {
    for (int i = 0; i < n; i++)
        y[i] = x[i] * 0.7 + y[i] * 0.3;
}
int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 200000;
    int n = argc > 2 ? atoi(argv[2]) : N;
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    for (int i = 0; i < N; i++) { x[i] = (float)i / N; y[i] = 1.0f; }
    for (int r = 0; r < reps; r++) blend(y, x, n);
    printf("y0=%f\n", y[N / 2]);
    return 0;
}
