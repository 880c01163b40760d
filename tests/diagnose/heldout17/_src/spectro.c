/* Spectrogram front end: every frame of a signal is multiplied by a Hann window and a gain curve
   before its band energies are summed; the window and gain are recomputed (cos, exp) for every
   sample of every frame although they depend only on the sample's position in the frame.
   ./spectro FRAMES FRAMELEN  prints frames, samples, seconds, ns/sample */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
__attribute__((noinline)) static double frame_energy(const float *x, int len, double *band)
{
    double tot = 0;
    for (int b = 0; b < 8; b++) band[b] = 0;
    for (int k = 0; k < len; k++) {
        double w = 0.5 - 0.5 * cos(2.0 * M_PI * k / (len - 1));
        double g = exp(-3.0 * (double)k / len);
        double v = x[k] * w * g;
        band[k * 8 / len] += v * v;
        tot += v * v;
    }
    return tot;
}
int main(int argc, char **argv)
{
    int frames = argc > 1 ? atoi(argv[1]) : 4000, len = argc > 2 ? atoi(argv[2]) : 2048;
    long n = (long)frames * len / 2 + len;
    float *sig = malloc(n * sizeof *sig);
    for (long i = 0; i < n; i++) sig[i] = (float)((i * 7919) % 1009) / 1009.0f - 0.5f;
    double band[8], e = 0, t0 = now();
    for (int f = 0; f < frames; f++) e += frame_energy(sig + (long)f * len / 2, len, band);
    double s = now() - t0;
    printf("spectro: frames=%d frame_len=%d samples=%ld seconds=%.3f ns/sample=%.2f energy=%.6e\n", frames, len, (long)frames * len, s, 1e9 * s / ((double)frames * len), e);
    return 0;
}
