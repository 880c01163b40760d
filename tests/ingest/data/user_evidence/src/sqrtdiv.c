/* Square roots and divides over two L1-resident arrays: packed code limited by the divider. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define N 2048
double x[N], y[N];

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 100000;
    for (int i = 0; i < N; i++) x[i] = 1.0 + i * 0.25;
    double s = 0.0;
    for (int r = 0; r < reps; r++) {
        for (int i = 0; i < N; i++)
            y[i] = sqrt(x[i]) / (x[i] + r);
        s += y[r % N];
    }
    printf("reps=%d s=%.6f\n", reps, s);
    return 0;
}
