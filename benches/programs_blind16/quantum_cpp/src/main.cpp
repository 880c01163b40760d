// qsim WIDTH LOG2_STATES ROUNDS: the study's circuit on a register in superposition
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "qureg.hpp"

int main(int argc, char **argv)
{
    int width = argc > 1 ? std::atoi(argv[1]) : 40;
    int log2states = argc > 2 ? std::atoi(argv[2]) : 22;
    int rounds = argc > 3 ? std::atoi(argv[3]) : 8;
    QuantumReg reg = quantum_new_superposition(width, 1 << log2states, 1234567u);
    std::printf("qsim: %d qubits, %zu basis states, %d rounds\n", width, reg.size(), rounds);

    auto t0 = std::chrono::steady_clock::now();
    long gates = run_circuit(reg, rounds);
    auto t1 = std::chrono::steady_clock::now();
    double sec = std::chrono::duration<double>(t1 - t0).count();

    Digest d = digest(reg);
    std::printf("states: sum %llu xor %llu weighted %llu\n",
                static_cast<unsigned long long>(d.state_sum),
                static_cast<unsigned long long>(d.state_xor),
                static_cast<unsigned long long>(d.weighted));
    std::printf("amplitudes: norm %.9f  re %.9e  im %.9e\n", d.norm, d.re, d.im);
    std::printf("P(bit set): %.9f %.9f %.9f %.9f\n", d.bit_prob[0], d.bit_prob[1], d.bit_prob[2],
                d.bit_prob[3]);
    std::printf("gates applied %ld in %.3f s (%.1f Mnode-gates/s)\n", gates, sec,
                gates * static_cast<double>(reg.size()) / sec * 1e-6);
    return 0;
}
