/* A relaxation that appends one line per step to its log, opening and closing it each time. */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 5000;
  double u[256] = {0}, mass = 0;
  u[128] = 1.0;
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < 255; i++) u[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
    mass = 0;
    for (int i = 0; i < 256; i++) mass += u[i];
    FILE *f = fopen("steps.log", "a");
    fprintf(f, "%d %.10f\n", s, mass);
    fclose(f);
  }
  printf("steps=%d mass=%.6f\n", steps, mass);
  return 0;
}
