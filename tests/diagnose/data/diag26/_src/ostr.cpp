// an ostringstream constructed per value to turn a number into a label
#include <cstdio>
#include <sstream>
#include <string>
static std::size_t label_len(double v) {
    std::ostringstream os;                   // a stream (and its locale) per value
    os << "cell_" << v;
    return os.str().size();
}
int main(int argc, char** argv) {
    int n = argc > 1 ? std::atoi(argv[1]) : 400000;
    std::size_t tot = 0;
    for (int i = 0; i < n; ++i) tot += label_len(i * 0.25);
    std::printf("values=%d chars=%zu\n", n, tot);
}
