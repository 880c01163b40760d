// samples.cpp: synthetic observations (a user would read them from a file)
#include "samples.hpp"

#include <cmath>

namespace {
struct Lcg {
    std::uint64_t s;
    double next() {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return (static_cast<double>(s >> 11) + 0.5) / 9007199254740992.0;
    }
};
}  // namespace

std::vector<Sample> make_samples(std::size_t n, std::uint64_t seed) {
    Lcg rng{seed};
    std::vector<Sample> out;
    out.reserve(n);
    const double centre[3] = {-2.0, 0.5, 3.0};
    const double spread[3] = {0.6, 1.1, 0.4};
    for (std::size_t i = 0; i < n; ++i) {
        const double u1 = rng.next(), u2 = rng.next(), u3 = rng.next();
        const int c = u3 < 0.3 ? 0 : (u3 < 0.8 ? 1 : 2);
        const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
        out.push_back(Sample{centre[c] + spread[c] * z, 0.5 + rng.next(),
                             static_cast<std::int32_t>(i % 8), c});
    }
    return out;
}
