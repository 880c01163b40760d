// Keeps a vector of keys ordered by inserting each new key at its place: every insert moves
// the tail of the vector (std::move_backward inlined from <bits/stl_algobase.h>, a memmove).
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
    std::vector<unsigned> keys;
    unsigned x = 12345u;
    for (int i = 0; i < 20000; ++i) {
        x = x * 1103515245u + 12345u;
        unsigned k = x >> 8;
        keys.insert(std::upper_bound(keys.begin(), keys.end(), k), k);
    }
    unsigned long s = 0;
    for (std::size_t i = 0; i < keys.size(); i += 97) s += keys[i];
    std::printf("n=%zu checksum=%lu\n", keys.size(), s);
    return 0;
}
