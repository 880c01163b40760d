#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* a scratch buffer allocated and freed in every step: an allocation per step */
static double step(const double *u, double *v, int n) {
  double *tmp = malloc(n * sizeof *tmp);
  for (int i = 0; i < n; i++) tmp[i] = 0.5 * u[i];
  double s = 0;
  for (int i = 1; i < n - 1; i++) { v[i] = tmp[i - 1] + tmp[i + 1]; s += v[i]; }
  free(tmp);
  return s;
}
static char *label(int i) { char *s = malloc(32); snprintf(s, 32, "step-%d", i); return s; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096, steps = argc > 2 ? atoi(argv[2]) : 20000;
  double *u = calloc(n, sizeof *u), *v = calloc(n, sizeof *v);
  for (int i = 0; i < n; i++) u[i] = i % 7;
  double s = 0;
  for (int t = 0; t < steps; t++) {
    s += step(u, v, n);
    char *l = label(t); if (t % 5000 == 0) puts(l); free(l);
    double *w = u; u = v; v = w;
  }
  printf("sum=%g steps=%d n=%d\n", s, steps, n);
  free(u); free(v);
  return 0;
}
