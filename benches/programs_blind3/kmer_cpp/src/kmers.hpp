#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

struct KmerSummary {
    std::size_t total = 0;       // k-mers read
    std::size_t distinct = 0;    // different k-mers
    std::size_t singletons = 0;  // k-mers seen once (mostly sequencing errors)
    std::vector<std::pair<std::string, long>> top;  // most frequent, ties in alphabetical order
};

// Count every k-mer of every read and summarise the spectrum.
KmerSummary kmer_spectrum(const std::vector<std::string>& reads, int k, std::size_t n_top);
