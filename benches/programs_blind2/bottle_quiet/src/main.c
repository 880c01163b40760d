/* main.c: bottle [particles=200000] [steps=200] -- confinement test of the mirror design;
   writes bottle.txt, prints nothing (the run script picks the file up) */
#include <stdlib.h>
#include "particles.h"
#include "push.h"
#include "diag.h"

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 200000;
    int steps = argc > 2 ? atoi(argv[2]) : 200;
    const char *out = argc > 3 ? argv[3] : "bottle.txt";
    bottle_t field = {.b0 = 1.0, .len = 0.5, .e_r = 1.0e-4, .wall = 1.0};
    double dt = 2.0e-4;

    particle_t *p = particles_create(n, 2024u);
    for (int s = 0; s < steps; s++)
        push_step(p, n, &field, dt);
    int rc = diag_write(out, p, n, steps);
    free(p);
    return rc == 0 ? 0 : 1;
}
