#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bank.h"

#define RATE 8000.0

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  long seconds = argc > 1 ? atol(argv[1]) : 60;
  long n = (long)(seconds * RATE), block = n / 12;
  double *env = malloc(sizeof(double) * (size_t)n);
  static bank r;
  double total = 0.0, t0 = now(), tb = t0;
  for (int ch = 0; ch < 2; ch++) {
    bank_init(&r, RATE * (1.0 + 0.25 * ch));
    double peak = 0.0, sq = 0.0, e = 0.0;
    for (long i = 0; i < n; i++) {
      double x = (i % 997 == 0 && i < 4000) ? 1.0 : 0.0;
      double y = bank_step(&r, x);
      double a = fabs(y);
      peak = fmax(peak, a);
      sq += y * y;
      e = fmax(a, e * 0.9995);
      env[i] = e;
      if (ch == 0 && (i + 1) % block == 0) {
        double t = now();
        printf("step %ld: time=%.4f s tail=%.4e\n", i + 1, t - tb, bank_tail(&r));
        tb = t;
      }
    }
    printf("channel %d: peak %.2f dB  rms %.2f dB  decay20 %.3f s  decay40 %.3f s\n", ch + 1,
           level_db(peak), level_db(sqrt(sq / n)), decay_time(env, n, RATE, 20.0),
           decay_time(env, n, RATE, 40.0));
  }
  total = now() - t0;
  printf("filter cpu time %.3f s for %ld s of signal\n", total, seconds);
  free(env);
  return 0;
}
