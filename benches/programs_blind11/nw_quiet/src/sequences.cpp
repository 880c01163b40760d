#include "sequences.hpp"

#include <random>

namespace pa {

namespace {

// background frequencies (percent x 10) of A R N D C Q E G H I L K M F P S T W Y V
constexpr int kFreq[20] = {78, 51, 43, 53, 19, 43, 63, 72, 23, 53,
                           91, 57, 22, 39, 52, 68, 59, 13, 32, 66};

int draw(std::mt19937& g) {
    int total = 0;
    for (int f : kFreq) total += f;
    int r = static_cast<int>(g() % static_cast<std::uint32_t>(total));
    for (int k = 0; k < 20; ++k) {
        if (r < kFreq[k]) return k;
        r -= kFreq[k];
    }
    return 19;
}

}  // namespace

std::vector<int> random_protein(int n, std::uint32_t seed) {
    std::mt19937 g(seed);
    std::vector<int> s(static_cast<size_t>(n));
    for (auto& r : s) r = draw(g);
    return s;
}

std::vector<int> mutate(const std::vector<int>& parent, double rate, std::uint32_t seed) {
    std::mt19937 g(seed);
    std::vector<int> child;
    child.reserve(parent.size() + parent.size() / 8);
    const double scale = 1.0 / 4294967296.0;
    for (int r : parent) {
        double u = g() * scale;
        if (u < 0.7 * rate) {
            child.push_back(draw(g));                  // substitution
        } else if (u < 0.85 * rate) {
            // deletion: the residue is dropped
        } else if (u < rate) {
            child.push_back(r);                        // insertion after the residue
            child.push_back(draw(g));
        } else {
            child.push_back(r);
        }
    }
    return child;
}

}  // namespace pa
