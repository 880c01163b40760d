/* A serial compute job that prints its wall and CPU time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 300000000L;
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  double s = 0;
  for (long i = 1; i <= n; i++) s += 1.0 / ((double)i * i);
  clock_gettime(CLOCK_MONOTONIC, &b);
  struct rusage ru; getrusage(RUSAGE_SELF, &ru);
  double wall = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
  double cpu = ru.ru_utime.tv_sec + 1e-6 * ru.ru_utime.tv_usec + ru.ru_stime.tv_sec + 1e-6 * ru.ru_stime.tv_usec;
  printf("n=%ld sum=%.12f wall=%.3f s cpu=%.3f s\n", n, s, wall, cpu);
  return 0;
}
