/* Time stepping with a frequency that drifts each step: the weight uses `scale`,
   which the outer loop assigns, so it cannot be tabulated once. */
#include <math.h>
#include <stdio.h>

#define STEPS 1400
#define NB 1300

static float band[NB];

int main(void) {
  double total = 0.0;
  for (int t = 0; t < STEPS; t++) {
    float scale = 1.0f + 0.0005f * t;
    for (int b = 0; b < NB; b++) {
      float w = sinf(scale * 0.01f * b) + cosf(0.003f * b); /* HOT */
      band[b] = 0.999f * band[b] + 0.001f * w;
    }
  }
  for (int b = 0; b < NB; b++) total += band[b] * (double)(1 + b % 6);
  printf("checksum %.9g\n", total);
  return 0;
}
