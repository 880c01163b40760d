#ifndef RNG_H
#define RNG_H
#include <stdint.h>

/* splitmix64: one stream per photon (seeded by its index), so a run gives the same
   answer on any number of threads */
typedef struct { uint64_t s; } rng_t;

static inline rng_t rng_for(uint64_t seed, uint64_t photon)
{
    rng_t r = {seed ^ (photon * 0xd1342543de82ef95ULL)};
    return r;
}

static inline double rng_uniform(rng_t *r)   /* in (0, 1) */
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return ((z >> 11) + 0.5) * 0x1.0p-53;
}
#endif
