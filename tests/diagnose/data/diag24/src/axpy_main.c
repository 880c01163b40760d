/* Applies a one-line update to every element, the update defined in axpy_op.c (another
   translation unit): without -flto each element is a call the compiler cannot inline. */
#include <stdio.h>
#include <stdlib.h>
double axpy_op(double a, double x, double y);

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 20000;
    enum { N = 8192 };
    static double x[N], y[N];
    for (int i = 0; i < N; i++) { x[i] = i * 1e-3; y[i] = 1.0; }
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < N; i++)
            y[i] = axpy_op(1e-9, x[i], y[i]);
    printf("reps=%d elements=%d y0=%.6f\n", reps, N, y[N - 1]);
    return 0;
}
