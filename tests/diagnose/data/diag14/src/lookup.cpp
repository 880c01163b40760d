// a table lookup whose out-of-table path throws: the caller catches per miss
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>
static std::vector<double> table(1000, 1.5);
__attribute__((noinline)) static double price(std::size_t key) {
    return table.at(key);  // throws std::out_of_range for keys past the table
}
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 400000;
    double sum = 0; long misses = 0;
    for (long i = 0; i < n; i++) {
        std::size_t key = (std::size_t)(i * 7919) % 2000;  // half the keys miss
        try { sum += price(key); } catch (const std::out_of_range &) { misses++; sum += 1.0; }
    }
    std::printf("sum=%.1f misses=%ld\n", sum, misses);
    return 0;
}
