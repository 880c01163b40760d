/* one-thread compute loop (nothing to gain from threads at this size) */
#include <stdio.h>
#include <math.h>
int main(void) {
  double acc = 0.0;
  for (long i = 1; i < 80000000L; i++) acc += 1.0 / sqrt((double)i);
  printf("acc = %.6f\n", acc);
  return 0;
}
