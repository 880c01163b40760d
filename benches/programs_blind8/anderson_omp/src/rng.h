/* Counter-based random numbers (splitmix64): the disorder of site n of realisation r is
 * the same whatever thread computes it. */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

uint64_t mix64(uint64_t x);
/* uniform in [-0.5, 0.5) */
double uniform_centered(uint64_t seed, uint64_t stream, uint64_t n);

#endif
