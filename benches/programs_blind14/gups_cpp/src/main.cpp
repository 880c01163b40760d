// scatterbench: the lab's memory-system probe, HPC Challenge RandomAccess (GUPS) on one
// core: a table of 2^LOGSIZE 64-bit words, 4 x 2^LOGSIZE random XOR updates, a summary
// of the updated table, then the suite's verification.
// usage: scatterbench LOGSIZE
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "update.hpp"

int main(int argc, char **argv)
{
    int logsize = argc > 1 ? std::atoi(argv[1]) : 22;
    if (logsize < 10 || logsize > 34) {
        std::fprintf(stderr, "usage: scatterbench LOGSIZE (10..34)\n");
        return 2;
    }
    const std::uint64_t table_size = std::uint64_t{1} << logsize;
    Table table(table_size);
    for (std::uint64_t i = 0; i < table_size; i++)
        table[i] = i;

    auto t0 = std::chrono::steady_clock::now();
    random_access_update(table);
    auto t1 = std::chrono::steady_clock::now();
    double seconds = std::chrono::duration<double>(t1 - t0).count();

    std::uint64_t x = 0, s = 0, moved = 0;
    for (std::uint64_t i = 0; i < table_size; i++) {
        x ^= table[i] * (2 * i + 1);
        s += table[i] >> 20;
        moved += table[i] != i;
    }
    const std::uint64_t nupdate = 4 * table_size;
    std::printf("table size     2^%d words (%llu MB)\n", logsize,
                static_cast<unsigned long long>(table_size * 8 >> 20));
    std::printf("updates        %llu\n", static_cast<unsigned long long>(nupdate));
    std::printf("table hash     %llu\n", static_cast<unsigned long long>(x));
    std::printf("table sum      %llu\n", static_cast<unsigned long long>(s));
    std::printf("entries moved  %llu\n", static_cast<unsigned long long>(moved));
    std::printf("update time    %.3f s\n", seconds);
    std::printf("GUP/s          %.5f\n", 1e-9 * static_cast<double>(nupdate) / seconds);

    std::uint64_t errors = verify_table(table);
    std::printf("verification   %llu errors (%s)\n", static_cast<unsigned long long>(errors),
                errors <= table_size / 100 ? "passed" : "FAILED");
    return 0;
}
