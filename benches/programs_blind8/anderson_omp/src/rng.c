#include "rng.h"

uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

double uniform_centered(uint64_t seed, uint64_t stream, uint64_t n)
{
    const uint64_t h = mix64(seed ^ mix64(stream * 0x100000001b3ULL + n));
    return (double)(h >> 11) * 0x1.0p-53 - 0.5;
}
