/* gaincal: detector calibration; the gain of a channel (a 64-term response fit) is recomputed for every
   sample although it depends only on the channel. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
__attribute__((noinline)) double channel_gain(int ch) {
  double g = 0.0;
  for (int k = 1; k <= 64; k++)
    g += exp(-0.01 * k * ch) / (1.0 + log10(1.0 + k));
  return g;
}
int main(int argc, char **argv) {
  int nch = argc > 1 ? atoi(argv[1]) : 64;
  int ns = argc > 2 ? atoi(argv[2]) : 2000;
  double *adc = malloc(sizeof(double) * ns), total = 0.0;
  for (int i = 0; i < ns; i++) adc[i] = (i % 97) * 0.5;
  struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int ch = 0; ch < nch; ch++)
    for (int i = 0; i < ns; i++) {
      double g = channel_gain(ch);
      total += adc[i] * g;
    }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double t = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("channels=%d samples_per_channel=%d seconds=%.4f ns_per_sample=%.1f energy=%.6e\n", nch, ns, t, 1e9 * t / ((double)nch * ns), total);
  return 0;
}
