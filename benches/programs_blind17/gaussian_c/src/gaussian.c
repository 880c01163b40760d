#include "gaussian.h"

/* Rodinia gaussian: Fan1 computes the multipliers of column t, Fan2 eliminates;
   the loops follow the CUDA kernels' thread indices (xidx the row, yidx the column) */
static void fan1(float *m, const float *a, int size, int t)
{
    for (int xidx = 0; xidx < size - 1 - t; xidx++)
        m[(long)size * (xidx + t + 1) + t] =
            a[(long)size * (xidx + t + 1) + t] / a[(long)size * t + t];
}

static void fan2(float *m, float *a, float *b, int size, int t)
{
    for (int yidx = 0; yidx < size - t; yidx++)
        for (int xidx = 0; xidx < size - 1 - t; xidx++) {
            a[(long)size * (xidx + 1 + t) + (yidx + t)] -=
                m[(long)size * (xidx + 1 + t) + t] * a[(long)size * t + (yidx + t)];
            if (yidx == 0)
                b[xidx + 1 + t] -= m[(long)size * (xidx + 1 + t) + (yidx + t)] * b[t];
        }
}

void forward_sub(float *a, float *b, float *m, int size)
{
    for (int t = 0; t < size - 1; t++) {
        fan1(m, a, size, t);
        fan2(m, a, b, size, t);
    }
}

void back_sub(const float *a, const float *b, float *x, int size)
{
    for (int i = 0; i < size; i++) {
        x[size - i - 1] = b[size - i - 1];
        for (int j = 0; j < i; j++)
            x[size - i - 1] -= a[(long)size * (size - i - 1) + (size - j - 1)] * x[size - j - 1];
        x[size - i - 1] = x[size - i - 1] / a[(long)size * (size - i - 1) + (size - i - 1)];
    }
}
