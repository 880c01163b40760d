/* A damped update that asks the environment for its flag at every element. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 3000000;
    double acc = 0.0;
    for (long i = 0; i < n; i++) {
        const char *f = getenv("ENVLOOP_DAMP");
        double d = f ? 0.5 : 0.9;
        acc = acc * d + (double)(i & 7);
    }
    printf("n=%ld acc=%.3f\n", n, acc);
    return 0;
}
