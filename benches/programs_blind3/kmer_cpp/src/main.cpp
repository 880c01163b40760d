// kmerstat: k-mer spectrum of a simulated sequencing run (error profile, repeats).
// usage: kmerstat [reads=10000] [k=11]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "kmers.hpp"
#include "reads.hpp"

int main(int argc, char** argv) {
    RunConfig cfg;
    if (argc > 1) cfg.n_reads = std::strtoul(argv[1], nullptr, 10);
    int k = argc > 2 ? std::atoi(argv[2]) : 11;

    auto reads = simulate_reads(cfg);
    auto t0 = std::chrono::steady_clock::now();
    KmerSummary s = kmer_spectrum(reads, k, 8);
    auto t1 = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();

    std::printf("kmerstat: %zu reads x %zu bp, k=%d\n", reads.size(), cfg.read_length, k);
    std::printf("spectrum built in %.1f ms\n", ms);
    std::printf("k-mers: %zu total, %zu distinct, %zu singletons\n", s.total, s.distinct,
                s.singletons);
    for (const auto& [kmer, n] : s.top) std::printf("top %s %ld\n", kmer.c_str(), n);
    return 0;
}
