// a key string built piece by piece for every lookup
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
static std::size_t key_hash(int a, int b, int c) {
    std::string k = "node";                 // a new string, grown by appends, per call
    k += '_'; k += std::to_string(a); k += '_'; k += std::to_string(b); k += '_'; k += std::to_string(c);
    k += "_suffix_for_a_longer_key";
    return std::hash<std::string>{}(k);
}
int main(int argc, char** argv) {
    int n = argc > 1 ? std::atoi(argv[1]) : 1500000;
    std::size_t h = 0;
    for (int i = 0; i < n; ++i) h ^= key_hash(i, i * 7, i % 97);
    std::printf("keys=%d h=%zx\n", n, h);
}
