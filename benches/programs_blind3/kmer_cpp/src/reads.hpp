#pragma once
#include <cstdint>
#include <string>
#include <vector>

// A simulated sequencing run: reads sampled from a random reference with substitution errors.
struct RunConfig {
    std::size_t genome_length = 200000;
    std::size_t n_reads = 10000;
    std::size_t read_length = 150;
    double error_rate = 0.01;
    std::uint64_t seed = 2024;
};

std::vector<std::string> simulate_reads(const RunConfig& cfg);
