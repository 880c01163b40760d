"""unordered_map: an ordered std::map used only as a dictionary becomes a hash table. A legal
map (counted, looked up, returned, copied into a vector sorted by a total order) is built and
run with g++ and prints the same; ordered iteration, lower_bound, a sort whose ties follow the
table's order and a key without a standard hash are refused, named."""

from __future__ import annotations

from pathlib import Path

from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

WORDS_CPP = """#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

static std::map<std::string, int> tally(const std::vector<std::string>& words)
{
    std::map<std::string, int> freq;
    for (std::size_t i = 0; i < words.size(); i++)
        freq[words[i]]++;   // HOT
    return freq;
}

int main()
{
    std::vector<std::string> words;
    unsigned s = 17;
    for (int i = 0; i < 200000; i++) {
        s = s * 1103515245u + 12345u;
        std::string w;
        for (int k = 0; k < 1 + (int)(s >> 29); k++) w += (char)('a' + (s >> (3 * k + 7)) % 6);
        words.push_back(w);
    }
    auto freq = tally(words);
    long seen = 0, once = 0;
    std::vector<std::pair<std::string, int>> all(freq.begin(), freq.end());
    for (const auto& [w, n] : all) {
        seen += n;
        if (n == 1) once++;
    }
    std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    std::printf("%zu distinct, %ld words, %ld once, has 'abc': %zu\\n", freq.size(), seen, once,
                freq.count("abc"));
    for (std::size_t i = 0; i < 5 && i < all.size(); i++)
        std::printf("%s %d\\n", all[i].first.c_str(), all[i].second);
    return 0;
}
"""


def test_map_used_as_a_dictionary_becomes_unordered(tmp_path: Path) -> None:
    src = write(tmp_path, "words.cpp", WORDS_CPP)
    before = build_run(src)
    got = generate("unordered_map", WORDS_CPP, "words.cpp", line_of(WORDS_CPP, "HOT"))
    assert isinstance(got, Generated), got
    assert got.new_text.count("std::unordered_map<std::string, int>") == 2
    assert "#include <unordered_map>" in got.new_text
    assert "sorted by a total order" in got.note
    src.write_text(got.new_text)
    assert build_run(src) == before


def test_ordered_iteration_is_refused() -> None:
    dump = WORDS_CPP.replace("    return 0;\n}", "    for (const auto& [w, n] : freq) "
                             "std::printf(\"%s\\\\n\", w.c_str());\n    return 0;\n}")
    got = generate("unordered_map", dump, "words.cpp", line_of(dump, "HOT"))
    assert isinstance(got, Refusal)
    assert "reads the entries in key order" in got.reason


def test_lower_bound_is_refused() -> None:
    lb = WORDS_CPP.replace("    return freq;",
                           "    (void)freq.lower_bound(\"b\");\n    return freq;")
    got = generate("unordered_map", lb, "words.cpp", line_of(lb, "HOT"))
    assert isinstance(got, Refusal)
    assert "freq.lower_bound() at words.cpp:12 needs the key order" in got.reason


def test_sort_whose_ties_follow_the_table_is_refused() -> None:
    ties = WORDS_CPP.replace("a.second != b.second ? a.second > b.second : a.first < b.first",
                             "a.second > b.second")
    got = generate("unordered_map", ties, "words.cpp", line_of(ties, "HOT"))
    assert isinstance(got, Refusal)
    assert "does not break ties by the key" in got.reason


def test_key_without_a_standard_hash_is_refused() -> None:
    pair_key = WORDS_CPP.replace("std::map<std::string, int> freq;",
                                 "std::map<std::string, int> freq;\n"
                                 "    std::map<std::pair<int, int>, int> cells;\n"
                                 "    cells[{1, 2}]++;  // CELLS")
    got = generate("unordered_map", pair_key, "words.cpp", line_of(pair_key, "CELLS"))
    assert isinstance(got, Refusal)
    assert "has no standard hash" in got.reason
