#include <math.h>
#include <stdint.h>
#include "takes.h"

/* a dry percussion take: a few decaying noise hits in the first second, then the room is quiet */
void make_take(float *x, long n, int take)
{
    uint32_t st = 2463534242u + 977u * (uint32_t)take;
    for (long i = 0; i < n; i++)
        x[i] = 0.0f;
    for (int hit = 0; hit < 4; hit++) {
        long start = (long)(SAMPLE_RATE * (0.05 + 0.2 * hit + 0.03 * take));
        float amp = 0.9f / (1 + hit);
        for (long i = 0; i < SAMPLE_RATE / 20 && start + i < n; i++) {
            st ^= st << 13; st ^= st >> 17; st ^= st << 5;      /* xorshift noise */
            float noise = (float)st / 4294967296.0f * 2.0f - 1.0f;
            x[start + i] += amp * noise * expf(-(float)i / (SAMPLE_RATE * 0.008f));
        }
    }
}

TakeStats take_stats(const float *y, long n)
{
    TakeStats s = {0, 0, 0, 0};
    double sum2 = 0.0;
    for (long i = 0; i < n; i++) {
        double v = y[i];
        sum2 += v * v;
        if (fabs(v) > s.peak)
            s.peak = fabs(v);
    }
    s.rms = sqrt(sum2 / n);
    long win = SAMPLE_RATE / 100;           /* 10 ms windows */
    double top = 0.0;
    for (long w = 0; w + win <= n; w += win) {
        double e = 0.0;
        for (long i = w; i < w + win; i++)
            e += (double)y[i] * y[i];
        e = sqrt(e / win);
        if (e > top)
            top = e;
        if (e > top * 1e-3)
            s.rt60 = (double)(w + win) / SAMPLE_RATE;
        if (e > top * pow(10.0, -1.5))
            s.rt30 = (double)(w + win) / SAMPLE_RATE;
    }
    return s;
}
