/* pure compute, serial: its speed depends only on getting a CPU */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 400000000L; double x = 0;
    for (long i = 1; i <= n; ++i) x += 1.0 / (double)(i * i);
    printf("sum=%.12f\n", x);
    return 0;
}
