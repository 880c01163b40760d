// Synthetic protein pairs: a random ancestor and a mutated descendant
#pragma once
#include <cstdint>
#include <vector>

namespace pa {

// The ancestor: n residues drawn from the 20 amino acids with their background frequencies.
std::vector<int> random_protein(int n, std::uint32_t seed);

// The descendant: substitutions, insertions and deletions at the given per-site rate.
std::vector<int> mutate(const std::vector<int>& parent, double rate, std::uint32_t seed);

}  // namespace pa
