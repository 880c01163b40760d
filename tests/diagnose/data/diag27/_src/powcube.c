/* pow() with a small integer exponent held in a variable, per element */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int n = 1 << 20, steps = argc > 1 ? atoi(argv[1]) : 30;
    double e = argc > 2 ? atof(argv[2]) : 3.0, t = 0;
    double *x = malloc(n * sizeof *x);
    for (int i = 0; i < n; ++i) x[i] = 1.0 + i * 1e-7;
    for (int s = 0; s < steps; ++s)
        for (int i = 0; i < n; ++i) t += pow(x[i], e);     /* cube via pow */
    printf("energy=%.6e\n", t);
    free(x); return 0;
}
