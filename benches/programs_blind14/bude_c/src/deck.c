/* The project's synthetic deck (the group cannot share its receptor): a protein of
 * natpro atoms in a 22 A ball, a ligand of natlig atoms in a 5 A ball, a force field
 * of 34 atom types, and nposes random poses around the pocket. */
#include <math.h>
#include <stdlib.h>
#include "bude.h"

#define NTYPES 34

static unsigned long long lcg_state;

static float uniform(void)   /* [0, 1) from a 64-bit LCG, the group's generator */
{
    lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (float)((lcg_state >> 40) * (1.0 / 16777216.0));
}

static void ball(Atom *a, int n, float radius)
{
    for (int i = 0; i < n; i++) {
        float x, y, z;
        do {
            x = 2.0f * uniform() - 1.0f;
            y = 2.0f * uniform() - 1.0f;
            z = 2.0f * uniform() - 1.0f;
        } while (x * x + y * y + z * z > 1.0f);
        a[i].x = radius * x;
        a[i].y = radius * y;
        a[i].z = radius * z;
        a[i].type = (int)(uniform() * NTYPES);
    }
}

int make_deck(Deck *d, int natlig, int natpro, int nposes, unsigned seed)
{
    static const int hbtypes[3] = {HBTYPE_F, HBTYPE_E, 78 /* 'N': neither */};
    lcg_state = seed;
    d->natlig = natlig;
    d->natpro = natpro;
    d->ntypes = NTYPES;
    d->nposes = nposes;
    d->ligand = malloc(sizeof(Atom) * natlig);
    d->protein = malloc(sizeof(Atom) * natpro);
    d->forcefield = malloc(sizeof(FFParams) * NTYPES);
    for (int k = 0; k < 6; k++)
        d->poses[k] = malloc(sizeof(float) * nposes);
    if (!d->ligand || !d->protein || !d->forcefield)
        return -1;
    for (int k = 0; k < 6; k++)
        if (!d->poses[k])
            return -1;

    for (int t = 0; t < NTYPES; t++) {
        d->forcefield[t].hbtype = hbtypes[t % 3];
        d->forcefield[t].radius = 1.4f + 0.8f * uniform();
        d->forcefield[t].hphb = (t % 5 == 0) ? 0.0f : 2.0f * uniform() - 1.0f;
        d->forcefield[t].elsc = (t % 4 == 1) ? 0.0f : uniform() - 0.5f;
    }
    ball(d->protein, natpro, 22.0f);
    ball(d->ligand, natlig, 5.0f);
    for (int i = 0; i < nposes; i++) {
        for (int k = 0; k < 3; k++)
            d->poses[k][i] = 6.2831853f * uniform();
        for (int k = 3; k < 6; k++)
            d->poses[k][i] = 12.0f * uniform() - 6.0f;
    }
    return 0;
}

void free_deck(Deck *d)
{
    free(d->ligand);
    free(d->protein);
    free(d->forcefield);
    for (int k = 0; k < 6; k++)
        free(d->poses[k]);
}
