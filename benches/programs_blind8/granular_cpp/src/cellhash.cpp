#include "cellhash.hpp"

void CellHash::rebuild(const Particles &p)
{
    cells_.clear();
    for (int i = 0; i < static_cast<int>(p.size()); ++i)
        cells_[key(cell_of(p[i].x), cell_of(p[i].y))].push_back(i);
}
