/* Another user's job on the same machine: one busy thread. */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 400000000;
  volatile double s = 0;
  for (long i = 0; i < n; i++) s += (double)(i & 3);
  printf("%f\n", s);
  return 0;
}
