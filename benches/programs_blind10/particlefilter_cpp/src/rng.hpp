#pragma once
// the random numbers of Rodinia's particle filter (openmp/particlefilter): one linear
// congruential stream per particle, uniform by randu, normal by Box-Muller
#include <cmath>
#include <vector>

namespace rng {
constexpr long M = 2147483647;  // INT_MAX
constexpr long A = 1103515245;
constexpr long C = 12345;

inline double randu(std::vector<long>& seed, int index)
{
    long num = A * seed[index] + C;
    seed[index] = num % M;
    return std::fabs(seed[index] / static_cast<double>(M));
}

inline double randn(std::vector<long>& seed, int index)
{
    double u = randu(seed, index);
    double v = randu(seed, index);
    double cosine = std::cos(2 * M_PI * v);
    double rt = -2 * std::log(u);
    return std::sqrt(rt) * cosine;
}
}  // namespace rng
