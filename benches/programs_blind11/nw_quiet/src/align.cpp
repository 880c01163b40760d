// The Rodinia nw kernel (needle.cpp): reference scores from BLOSUM62, a linear gap penalty,
// the table filled along anti-diagonals (the order of the suite's OpenMP version; the
// pragmas are not used here, the group runs one alignment per core), then the traceback.
#include "align.hpp"

#include <algorithm>

#include "blosum.hpp"

namespace pa {

namespace {

inline int maximum(int a, int b, int c) {
    int k = a <= b ? b : a;
    return k <= c ? c : k;
}

}  // namespace

Alignment align(const std::vector<int>& a, const std::vector<int>& b, int penalty) {
    const int rows = static_cast<int>(a.size()) + 1;
    const int cols = static_cast<int>(b.size()) + 1;
    std::vector<int> items(static_cast<size_t>(rows) * cols, 0);
    std::vector<int> reference(static_cast<size_t>(rows) * cols, 0);

    for (int i = 1; i < rows; ++i)
        for (int j = 1; j < cols; ++j)
            reference[static_cast<size_t>(i) * cols + j] = kBlosum62[a[i - 1]][b[j - 1]];
    for (int i = 1; i < rows; ++i) items[static_cast<size_t>(i) * cols] = -i * penalty;
    for (int j = 1; j < cols; ++j) items[j] = -j * penalty;

    // anti-diagonal d holds the cells (idx + 1, d + 1 - idx): the top-left triangle, then
    // the bottom-right one (the suite's two loops, written as one)
    for (int d = 0; d < rows + cols - 3; ++d) {
        int lo = std::max(0, d - (cols - 2));
        int hi = std::min(d, rows - 2);
        for (int idx = lo; idx <= hi; ++idx) {
            size_t index = static_cast<size_t>(idx + 1) * cols + (d + 1 - idx);
            items[index] = maximum(items[index - 1 - cols] + reference[index],
                                   items[index - 1] - penalty,
                                   items[index - cols] - penalty);
        }
    }

    Alignment out;
    for (size_t k = 0; k < items.size(); ++k)
        out.table_checksum += static_cast<std::int64_t>(items[k]) * static_cast<std::int64_t>(k % 1009 + 1);
    out.score = items.back();

    // traceback from the last cell, preferring the diagonal, then up, then left
    int i = rows - 1, j = cols - 1;
    std::string top, bottom;
    while (i > 0 || j > 0) {
        size_t index = static_cast<size_t>(i) * cols + j;
        if (i > 0 && j > 0 && items[index] == items[index - 1 - cols] + reference[index]) {
            top.push_back(kResidues[a[i - 1]]);
            bottom.push_back(kResidues[b[j - 1]]);
            if (a[i - 1] == b[j - 1]) ++out.identities;
            --i;
            --j;
        } else if (i > 0 && items[index] == items[index - cols] - penalty) {
            top.push_back(kResidues[a[i - 1]]);
            bottom.push_back('-');
            ++out.gaps;
            --i;
        } else {
            top.push_back('-');
            bottom.push_back(kResidues[b[j - 1]]);
            ++out.gaps;
            --j;
        }
    }
    std::reverse(top.begin(), top.end());
    std::reverse(bottom.begin(), bottom.end());
    out.length = static_cast<int>(top.size());
    out.top = std::move(top);
    out.bottom = std::move(bottom);
    return out;
}

}  // namespace pa
