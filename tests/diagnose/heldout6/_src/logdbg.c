/* A solver loop that logs every cell through a levelled logger. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
enum { LOG_DEBUG, LOG_INFO, LOG_WARN };
static int log_threshold = LOG_INFO;
static FILE *logf_;
static void logmsg(int level, const char *fmt, ...) {
  char buf[256];
  va_list ap; va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (level >= log_threshold) fputs(buf, logf_);
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  logf_ = fopen(argc > 2 ? argv[2] : "solver.log", "w");
  double *u = malloc(sizeof(double) * n), res = 0;
  for (long i = 0; i < n; i++) u[i] = (i % 100) * 0.01;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  for (long i = 1; i < n - 1; i++) {
    double nu = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
    logmsg(LOG_DEBUG, "cell %ld old=%.9e new=%.9e delta=%.3e\n", i, u[i], nu, nu - u[i]);
    res += fabs(nu - u[i]);
    u[i] = nu;
  }
  logmsg(LOG_INFO, "sweep done residual=%.6e\n", res);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("cells=%ld residual=%.6e time=%.3f s\n", n, res, (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
  fclose(logf_);
  return 0;
}
