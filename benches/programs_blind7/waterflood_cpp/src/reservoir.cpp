#include "reservoir.hpp"

FloodStats flood_stats(const Grid& g, const BuckleyLeverett& bl) {
    FloodStats st{0.0, 0.0, 0.0};
    double front = 0.0, cut = 0.0;
    for (int j = 1; j <= g.ny; ++j) {
        int last = 0;
        for (int i = 1; i <= g.nx; ++i) {
            st.mean_sw += g.at(i, j);
            if (g.at(i, j) > 0.05) last = i;
        }
        front += last * g.dx;
        cut += bl.frac(g.at(g.nx, j));
    }
    st.mean_sw /= (double)g.nx * g.ny;
    st.front_x = front / g.ny;
    st.water_cut = cut / g.ny;
    return st;
}
