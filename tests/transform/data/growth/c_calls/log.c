#include <stdlib.h>
#include "log.h"

/* Every accepted event's time, appended one at a time. */
void record(struct log *lg, long steps)
{
    double x = 0.5;
    for (long i = 0; i < steps; i++) {
        x = x * 3.9 * (1.0 - x);
        if (x > 0.3) {
            lg->t = realloc(lg->t, (lg->n + 1) * sizeof *lg->t);
            lg->t[lg->n] = x + 1e-6 * (double)i;
            lg->n++;
        }
    }
}
