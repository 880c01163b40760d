// Keeps a std::vector<int> sorted by inserting each new key at its place (every insert moves
// the tail of the vector: O(n) per key, O(n^2) in all).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

static double cpu_s() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    std::vector<int> keys;
    unsigned x = 12345u;
    double t0 = cpu_s();
    for (int i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        int k = (int)(x >> 8);
        keys.insert(std::lower_bound(keys.begin(), keys.end(), k), k);
    }
    double t = cpu_s() - t0;
    printf("keys=%d layout=sorted-vector cpu_s=%.4f ns_per_key=%.1f lo=%d\n", n, t, 1e9 * t / n,
           keys.front());
    return 0;
}
