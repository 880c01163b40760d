#include <stdlib.h>
#include "tally.h"

depth_profile_t profile_new(int nbins)
{
    depth_profile_t p = {nbins, calloc(nbins, sizeof(double))};
    return p;
}

void profile_free(depth_profile_t *p)
{
    free(p->deposit);
    p->deposit = NULL;
}

void tally_add(tally_t *into, const tally_t *t)
{
    into->reflected += t->reflected;
    into->transmitted += t->transmitted;
    into->absorbed += t->absorbed;
    into->path += t->path;
    into->collisions += t->collisions;
}

void profile_add(depth_profile_t *into, const depth_profile_t *p)
{
    for (int b = 0; b < into->nbins; b++)
        into->deposit[b] += p->deposit[b];
}
