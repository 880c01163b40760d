/* Nussinov's algorithm as in PolyBench/C 4.2 (medley/nussinov/nussinov.c): the loops, the
 * match and max_score macros and the fill order of the suite's kernel */
#include <stdlib.h>
#include "fold.h"

#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

int *fold_table(const base *seq, int n)
{
    int *table = calloc((size_t)n * n, sizeof(int));
#define T(i, j) table[(size_t)(i) * n + (j)]
    for (int i = n - 1; i >= 0; i--) {
        for (int j = i + 1; j < n; j++) {
            if (j - 1 >= 0) T(i, j) = max_score(T(i, j), T(i, j - 1));
            if (i + 1 < n) T(i, j) = max_score(T(i, j), T(i + 1, j));
            if (j - 1 >= 0 && i + 1 < n) {
                /* don't allow adjacent elements to bond */
                if (i < j - 1)
                    T(i, j) = max_score(T(i, j), T(i + 1, j - 1) + match(seq[i], seq[j]));
                else
                    T(i, j) = max_score(T(i, j), T(i + 1, j - 1));
            }
            for (int k = i + 1; k < j; k++)
                T(i, j) = max_score(T(i, j), T(i, k) + T(k + 1, j));
        }
    }
    return table;
}

/* iterative traceback with an explicit stack of intervals */
void fold_traceback(const base *seq, int n, const int *table, char *out)
{
    for (int i = 0; i < n; i++) out[i] = '.';
    out[n] = '\0';
    int *stack = malloc(2 * (size_t)n * sizeof(int) + 2 * sizeof(int));
    int top = 0;
    stack[top++] = 0;
    stack[top++] = n - 1;
    while (top > 0) {
        int j = stack[--top], i = stack[--top];
        if (i >= j) continue;
        int v = T(i, j);
        if (v == T(i + 1, j)) {
            stack[top++] = i + 1;
            stack[top++] = j;
        } else if (v == T(i, j - 1)) {
            stack[top++] = i;
            stack[top++] = j - 1;
        } else if (i < j - 1 && v == T(i + 1, j - 1) + match(seq[i], seq[j])) {
            out[i] = '(';
            out[j] = ')';
            stack[top++] = i + 1;
            stack[top++] = j - 1;
        } else {
            for (int k = i + 1; k < j; k++)
                if (v == T(i, k) + T(k + 1, j)) {
                    stack[top++] = i;
                    stack[top++] = k;
                    stack[top++] = k + 1;
                    stack[top++] = j;
                    break;
                }
        }
    }
    free(stack);
}
#undef T
