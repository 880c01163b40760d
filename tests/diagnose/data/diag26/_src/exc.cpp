// half the items take an exception path for an ordinary outcome (a missing value)
#include <cstdio>
#include <stdexcept>
#include <vector>
static double lookup(const std::vector<double>& v, int k) {
    if (k % 2) throw std::out_of_range("missing");
    return v[k % v.size()];
}
int main(int argc, char** argv) {
    int n = argc > 1 ? std::atoi(argv[1]) : 300000;
    std::vector<double> v(1000, 1.5); double s = 0; int miss = 0;
    for (int i = 0; i < n; ++i) { try { s += lookup(v, i); } catch (const std::out_of_range&) { ++miss; } }
    std::printf("items=%d missing=%d sum=%.1f\n", n, miss, s);
}
