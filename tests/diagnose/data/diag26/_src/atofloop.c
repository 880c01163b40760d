/* a parameter string parsed with atof at every element of the inner loop */
#include <stdio.h>
#include <stdlib.h>
static const char *param = "0.7071067811865476";
static double relax(const double *a, int n) {
    double s = 0;
    for (int i = 0; i < n; ++i) s += a[i] * atof(param);   /* parsed per element */
    return s;
}
int main(int argc, char **argv) {
    int n = 200000, steps = argc > 1 ? atoi(argv[1]) : 40;
    double *a = malloc(n * sizeof *a), t = 0;
    for (int i = 0; i < n; ++i) a[i] = i * 1e-3;
    for (int s = 0; s < steps; ++s) t += relax(a, n);
    printf("steps=%d total=%.4f\n", steps, t);
    free(a); return 0;
}
