#include <stdio.h>
#include <stdlib.h>
#include "log.h"

/* events [STEPS]: prints how many events were kept and their sum. */
int main(int argc, char **argv)
{
    long steps = argc > 1 ? atol(argv[1]) : 2000000;
    struct log lg = {NULL, 0};
    record(&lg, steps);
    double s = 0.0;
    for (size_t i = 0; i < lg.n; i++)
        s += lg.t[i];
    printf("events %zu sum %.9e\n", lg.n, s);
    free(lg.t);
    return 0;
}
