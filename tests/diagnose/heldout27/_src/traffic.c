/* traffic.c transport: mean road occupancy per segment from a time x segment loop-detector table (row-major, time rows). */
#include <stdio.h>
#include <stdlib.h>
#define T 4096
#define S 4096
int main(void) {
  float *occ = malloc(sizeof(float) * T * S), *mean = calloc(S, sizeof(float));
  for (long i = 0; i < (long)T * S; i++) occ[i] = (float)((i * 2654435761u) % 1000) / 1000.f;
  for (int rep = 0; rep < 8; rep++) {
#ifndef ROWS
    for (int s = 0; s < S; s++) {
      float acc = 0.f;
      for (int t = 0; t < T; t++)
        acc += occ[(long)t * S + s];
      mean[s] += acc / T;
    }
#else
    for (int t = 0; t < T; t++)
      for (int s = 0; s < S; s++)
        mean[s] += occ[(long)t * S + s] / T;
#endif
  }
  double c = 0; for (int s = 0; s < S; s++) c += mean[s];
  printf("segments %d intervals %d mean occupancy %.6f\n", S, T, c / S / 8);
  return 0;
}
