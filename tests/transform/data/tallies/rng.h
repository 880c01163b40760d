#ifndef RNG_H
#define RNG_H
#include <stdint.h>
/* counter-based generator: the same numbers whatever thread draws them */
static inline uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}
static inline double unit(uint64_t x) { return (double)(mix64(x) >> 11) / 9007199254740992.0; }
#endif
