// Matches each generated line against a pattern whose std::regex is built again per line.
#include <cstdio>
#include <regex>
#include <string>
int main(int argc, char **argv) {
    int n = argc > 1 ? std::atoi(argv[1]) : 20000;
    long hits = 0;
    for (int i = 0; i < n; i++) {
        std::string line = "id=" + std::to_string(i) + " tag=[ab" + std::to_string(i % 7) + "]";
        std::regex re("tag=\\[[a-c]+[0-3]\\]");
        hits += std::regex_search(line, re);
    }
    std::printf("lines=%d hits=%ld\n", n, hits);
    return 0;
}
