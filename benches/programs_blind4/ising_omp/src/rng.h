#ifndef RNG_H
#define RNG_H
#include <stdint.h>

/* counter-based generator: the draw for (seed, sweep, site) does not depend on the order in
   which sites are visited, so the run is the same with any number of threads */
static inline uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline double uniform01(uint64_t seed, uint64_t sweep, uint64_t site)
{
    uint64_t r = mix64(seed ^ mix64(sweep * 0x100000001b3ULL + site));
    return (double)(r >> 11) * 0x1.0p-53;
}

#endif
