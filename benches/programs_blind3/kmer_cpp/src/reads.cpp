#include "reads.hpp"

namespace {
// small deterministic generator, so that every run sees the same reads
struct Lcg {
    std::uint64_t s;
    std::uint64_t next() {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return s >> 33;
    }
    double uniform() { return next() / 2147483648.0; }
};
const char BASES[] = "ACGT";
}  // namespace

std::vector<std::string> simulate_reads(const RunConfig& cfg) {
    Lcg rng{cfg.seed};
    std::string genome(cfg.genome_length, 'A');
    for (auto& b : genome) b = BASES[rng.next() & 3];
    // a few repeated elements, as in real genomes
    const std::string repeat = genome.substr(1000, 300);
    for (std::size_t at = 20000; at + repeat.size() < genome.size(); at += 37000)
        genome.replace(at, repeat.size(), repeat);

    std::vector<std::string> reads;
    reads.reserve(cfg.n_reads);
    for (std::size_t r = 0; r < cfg.n_reads; ++r) {
        std::size_t start = rng.next() % (cfg.genome_length - cfg.read_length);
        std::string read = genome.substr(start, cfg.read_length);
        for (auto& b : read)
            if (rng.uniform() < cfg.error_rate) b = BASES[rng.next() & 3];
        reads.push_back(std::move(read));
    }
    return reads;
}
