/* interest.c: finance, daily-compounded accrual of 200000 loan accounts over 360 days with variable
   rates, the balances and rates kept in long double (x87 80-bit arithmetic, no SIMD). -DDBL uses double.
   Argument: days. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#ifdef DBL
typedef double money;
#else
typedef long double money;
#endif
#define NA 200000
static money bal[NA], rate[NA];
int main(int argc, char **argv) {
  int days = argc > 1 ? atoi(argv[1]) : 360;
  for (int i = 0; i < NA; i++) { bal[i] = 1000 + i % 5000; rate[i] = 0.03 + (i % 100) * 0.0002; }
  double t0 = now();
  for (int d = 0; d < days; d++) {
    money adj = 1 + 0.00001 * (d % 30);
    for (int i = 0; i < NA; i++) bal[i] = bal[i] * (1 + rate[i] * adj / 365) - 0.01;
  }
  double t = now() - t0; money tot = 0;
  for (int i = 0; i < NA; i++) tot += bal[i];
  printf("interest accounts %d days %d time %.3f s  %.2f ns/account-day  book %.2f\n", NA, days, t, 1e9 * t / ((double)NA * days), (double)tot);
  return 0;
}
