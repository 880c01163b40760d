/* Calls a few libc/libm functions many times: ltrace -c counts them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    char buf[64];
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        snprintf(buf, sizeof buf, "%d.%d", i, i % 7);
        s += strtod(buf, NULL);
        s += sqrt((double)i);
        if (i % 100 == 0) {
            char *p = malloc(256);
            memset(p, i & 0xff, 256);
            s += p[3];
            free(p);
        }
    }
    printf("sum=%g\n", s);
    return 0;
}
