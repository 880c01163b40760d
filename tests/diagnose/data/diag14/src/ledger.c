/* running balances in _Decimal64 (software decimal floating point on x86-64) */
#include <stdio.h>
#include <stdlib.h>
#define N 200000
static _Decimal64 amt[N];
__attribute__((noinline)) static _Decimal64 post(int rounds) {
    _Decimal64 bal = 0.0DD, rate = 1.0001DD;
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < N; i++) {
            bal = bal * rate + amt[i];
            if (bal > 1000000.0DD) bal = bal / 3.0DD;
        }
    return bal;
}
int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 20;
    for (int i = 0; i < N; i++) amt[i] = (_Decimal64)(i % 997) / 100.0DD;
    _Decimal64 b = post(rounds);
    printf("balance=%.3f\n", (double)b);
    return 0;
}
