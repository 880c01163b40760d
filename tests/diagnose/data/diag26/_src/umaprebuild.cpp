// an unordered_map index rebuilt from the same table for every query
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <vector>
static int lookup(const std::vector<int>& ids, int key) {
    std::unordered_map<int, int> index;      // rebuilt per query
    for (std::size_t i = 0; i < ids.size(); ++i) index[ids[i]] = (int)i;
    auto it = index.find(key);
    return it == index.end() ? -1 : it->second;
}
int main(int argc, char** argv) {
    int q = argc > 1 ? std::atoi(argv[1]) : 400;
    std::vector<int> ids(2000); for (int i = 0; i < 2000; ++i) ids[i] = i * 13 + 1;
    long s = 0; for (int i = 0; i < q; ++i) s += lookup(ids, (i * 13 + 1) % 26000);
    std::printf("queries=%d s=%ld\n", q, s);
}
