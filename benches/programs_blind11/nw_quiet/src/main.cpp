// pairalign: global alignment of an ancestral protein with a mutated descendant, to check
// the mutation model of the lab's evolution simulator.  Prints the alignment's statistics.
// usage: pairalign [length=4000] [rate=0.35] [penalty=10] [seed=2024]
#include <cstdio>
#include <cstdlib>
#include <string>

#include "align.hpp"
#include "sequences.hpp"

int main(int argc, char** argv) {
    int length = argc > 1 ? std::atoi(argv[1]) : 4000;
    double rate = argc > 2 ? std::atof(argv[2]) : 0.35;
    int penalty = argc > 3 ? std::atoi(argv[3]) : 10;
    unsigned seed = argc > 4 ? static_cast<unsigned>(std::atol(argv[4])) : 2024u;
    if (length < 2 || rate < 0.0 || rate > 1.0) {
        std::fprintf(stderr, "pairalign: bad arguments\n");
        return 1;
    }
    auto ancestor = pa::random_protein(length, seed);
    auto descendant = pa::mutate(ancestor, rate, seed + 1);
    pa::Alignment al = pa::align(ancestor, descendant, penalty);

    std::printf("sequences %zu %zu\n", ancestor.size(), descendant.size());
    std::printf("score %d\n", al.score);
    std::printf("aligned length %d identities %d gaps %d\n", al.length, al.identities, al.gaps);
    std::printf("identity %.4f\n", static_cast<double>(al.identities) / al.length);
    std::printf("table checksum %lld\n", static_cast<long long>(al.table_checksum));
    std::printf("first 60: %s\n", al.top.substr(0, 60).c_str());
    std::printf("          %s\n", al.bottom.substr(0, 60).c_str());
    return 0;
}
