/* A loop written with while. */
#include <stdio.h>

int main(void) {
  double x[1000];
  long i = 0;
  while (i < 1000) {
    x[i] = (double)(i % 9); /* HOT */
    i++;
  }
  double s = 0.0;
  for (long k = 0; k < 1000; k++) s += x[k];
  printf("checksum %.17g\n", s);
  return 0;
}
