/* particles.c: initial loading (a warm, slightly anisotropic plasma near the midplane) */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include "particles.h"

static double uniform(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*s >> 11) * (1.0 / 9007199254740992.0);
}

particle_t *particles_create(size_t n, unsigned seed)
{
    static const double charge[NSPECIES] = {-1.0, 1.0, 2.0};
    static const double mass[NSPECIES] = {1.0 / 1836.0, 1.0, 4.0};
    static const char *name[NSPECIES] = {"e", "p", "alpha"};
    particle_t *p = malloc(n * sizeof *p);
    if (!p) { perror("malloc"); exit(1); }
    unsigned long long s = seed;
    for (size_t i = 0; i < n; i++) {
        int sp = (int)(i % NSPECIES);
        double vth = 1.0 / sqrt(mass[sp]) * 0.01;
        p[i].species = sp;
        p[i].id = (int)i;
        p[i].charge = charge[sp];
        p[i].mass = mass[sp];
        p[i].lost = 0;
        snprintf(p[i].tag, sizeof p[i].tag, "%s-%zu", name[sp], i % 100000);
        for (int d = 0; d < 3; d++) {
            p[i].pos[d] = (uniform(&s) - 0.5) * (d == 2 ? 0.2 : 0.05);
            p[i].vel[d] = (uniform(&s) - 0.5) * vth * (d == 2 ? 0.6 : 1.0);
        }
    }
    return p;
}
