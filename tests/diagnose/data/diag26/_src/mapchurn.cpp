// a std::map built and torn down for every item: node allocation per insert
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>
static double score(const std::vector<int>& keys, int item) {
    std::map<int, double> m;                 // rebuilt per item
    for (int k : keys) m[(k * 31 + item) & 63] += 1.0 / (k + 1);
    double s = 0; for (auto& kv : m) s += kv.second * kv.first;
    return s;
}
int main(int argc, char** argv) {
    int n = argc > 1 ? std::atoi(argv[1]) : 200000;
    std::vector<int> keys(24); for (int i = 0; i < 24; ++i) keys[i] = i * 7;
    double t = 0; for (int i = 0; i < n; ++i) t += score(keys, i);
    std::printf("items=%d checksum=%.6f\n", n, t);
}
