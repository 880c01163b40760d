// Unstructured-mesh residual: cells carry global ids (sparse, from a partitioner); each step,
// every cell gathers its 4 neighbours' values by looking the neighbours' global ids up in a
// std::map<long, int> (global id -> local index).  usage: gidmap NCELL NSTEP
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

int main(int argc, char **argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 200000;
    const int nstep = argc > 2 ? std::atoi(argv[2]) : 5;
    std::vector<long> gid(n);
    std::map<long, int> g2l;
    for (int c = 0; c < n; c++) {
        gid[c] = 7L * c + 1000003L;
        g2l[gid[c]] = c;
    }
    std::vector<long> nbr(4L * n);
    for (int c = 0; c < n; c++) {
        const int off[4] = {1, -1, 97, -97};
        for (int k = 0; k < 4; k++) nbr[4L * c + k] = gid[(c + off[k] + n) % n];
    }
    std::vector<double> u(n), r(n);
    for (int c = 0; c < n; c++) u[c] = 1.0 / (1.0 + c % 113);
    for (int s = 0; s < nstep; s++) {
        for (int c = 0; c < n; c++) {
            double acc = -4.0 * u[c];
            for (int k = 0; k < 4; k++) acc += u[g2l.find(nbr[4L * c + k])->second];
            r[c] = acc;
        }
        for (int c = 0; c < n; c++) u[c] += 0.1 * r[c];
    }
    double tot = 0;
    for (double v : u) tot += v;
    std::printf("cells=%d steps=%d sum=%.12e\n", n, nstep, tot);
    return 0;
}
