#include <cstdio>
#include <vector>
extern "C" double kern(const double *a, std::size_t n);
extern "C" void solve_(double *x, int *n);
int main() {
    std::vector<double> a(1000, 1.5);
    int n = static_cast<int>(a.size());
    solve_(a.data(), &n);
    for (int i = 0; i < n; i++) { if (a[i] < 0) std::printf("neg\n"); }
    std::printf("%g\n", kern(a.data(), a.size()));
    return 0;
}
