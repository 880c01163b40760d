#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include "gaussian.h"

static double now_us(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec * 1e6 + tv.tv_usec;
}

int main(int argc, char **argv)
{
    int size = argc > 1 ? atoi(argv[1]) : 1024;
    float *a = malloc(sizeof(float) * (size_t)size * size);
    float *m = calloc((size_t)size * size, sizeof(float));
    float *b = malloc(sizeof(float) * size), *x = malloc(sizeof(float) * size);
    create_matrix(a, b, size);
    double t0 = now_us();
    forward_sub(a, b, m, size);
    double t1 = now_us();
    back_sub(a, b, x, size);
    double sx = 0, sxx = 0, su = 0;
    for (int i = 0; i < size; i++) {
        sx += x[i];
        sxx += (double)x[i] * x[i];
        su += a[(long)i * size + i];
    }
    printf("circuit of %d nodes\n", size);
    printf("x sum %.6e  x norm2 %.6e  pivot sum %.6e\n", sx, sxx, su);
    printf("x[0] %.6e  x[mid] %.6e  x[last] %.6e\n", x[0], x[size / 2], x[size - 1]);
    printf("elapsed (forward elimination): %.0f us\n", t1 - t0);
    free(a); free(m); free(b); free(x);
    return 0;
}
