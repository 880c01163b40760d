/* The same series summed in float or double (argv[1]): the same terms, a result equal to a
 * few digits, the time of each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    int dbl = argc > 1 && strcmp(argv[1], "double") == 0;
    long n = argc > 2 ? atol(argv[2]) : 20000000;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    double sum;
    if (dbl) {
        double s = 0.0;
        for (long i = 1; i <= n; i++) s += 1.0 / ((double)i * (double)i);
        sum = s;
    } else {
        float s = 0.0f;
        for (long i = 1; i <= n; i++) s += 1.0f / ((float)i * (float)i);
        sum = s;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("type=%s terms=%ld time_s=%.4f sum=%.6f\n", dbl ? "double" : "float", n,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec), sum);
    return 0;
}
