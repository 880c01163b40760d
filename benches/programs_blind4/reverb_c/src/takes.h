#ifndef TAKES_H
#define TAKES_H

typedef struct {
    double peak, rms, rt60, rt30;   /* peak, RMS, and when the 10 ms envelope falls 60/30 dB */
} TakeStats;

void make_take(float *x, long n, int take);
TakeStats take_stats(const float *y, long n);

#endif
