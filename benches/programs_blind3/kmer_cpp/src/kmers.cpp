#include "kmers.hpp"

#include <algorithm>
#include <map>

namespace {
std::map<std::string, long> count_kmers(const std::vector<std::string>& reads, int k) {
    std::map<std::string, long> counts;
    for (const auto& read : reads)
        for (std::size_t i = 0; i + k <= read.size(); ++i)
            counts[read.substr(i, k)]++;
    return counts;
}
}  // namespace

KmerSummary kmer_spectrum(const std::vector<std::string>& reads, int k, std::size_t n_top) {
    auto counts = count_kmers(reads, k);
    KmerSummary s;
    s.distinct = counts.size();
    std::vector<std::pair<std::string, long>> all(counts.begin(), counts.end());
    for (const auto& [kmer, n] : all) {
        s.total += n;
        if (n == 1) s.singletons++;
    }
    n_top = std::min(n_top, all.size());
    std::partial_sort(all.begin(), all.begin() + n_top, all.end(),
                      [](const auto& a, const auto& b) {
                          return a.second != b.second ? a.second > b.second : a.first < b.first;
                      });
    s.top.assign(all.begin(), all.begin() + n_top);
    return s;
}
