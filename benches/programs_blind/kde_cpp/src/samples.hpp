// samples.hpp: the observations a density estimate is built from
#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct Sample {
    double x;         // the measured value
    double weight;    // its statistical weight
    std::int32_t run; // which run it came from
    std::int32_t flags;
};

// A reproducible mixture of three normal components (Box-Muller on a 64-bit LCG).
std::vector<Sample> make_samples(std::size_t n, std::uint64_t seed);
