// the same lookup where one key in 2000 misses: exceptions stay rare
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <stdexcept>
#include <vector>
static std::vector<double> table(1999, 1.5);
__attribute__((noinline)) static double price(std::size_t key) {
    double v = table.at(key);
    for (int k = 0; k < 40; k++) v = std::sqrt(v * 1.0001 + k);
    return v;
}
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 400000;
    double sum = 0; long misses = 0;
    for (long i = 0; i < n; i++) {
        std::size_t key = (std::size_t)(i * 7919) % 2000;
        try { sum += price(key); } catch (const std::out_of_range &) { misses++; sum += 1.0; }
    }
    std::printf("sum=%.1f misses=%ld\n", sum, misses);
    return 0;
}
