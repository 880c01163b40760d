// Global alignment of two protein sequences (Needleman-Wunsch, the Rodinia "nw" kernel)
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pa {

struct Alignment {
    int score = 0;
    int length = 0;
    int identities = 0;
    int gaps = 0;
    std::int64_t table_checksum = 0;
    std::string top, bottom;  // the aligned sequences, '-' for a gap
};

// Fill the (n+1) x (m+1) score table and trace the alignment back from its last cell.
Alignment align(const std::vector<int>& a, const std::vector<int>& b, int penalty);

}  // namespace pa
