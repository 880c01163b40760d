/* the desk's option book: PARSEC's input layout (OptionData records), generated the way the
 * suite's inputgen does (its 1000-option table repeated), with the desk's perturbations */
#include <stdlib.h>
#include "blackscholes.h"

/* the first rows of the suite's option table: s, strike, r, divq, v, t, type, divs,
 * DGrefval */
static const OptionData base[] = {
    {42, 40, 0.1000, 0.00, 0.20, 0.50, 'C', 0.00, 4.759423036851750055},
    {42, 40, 0.1000, 0.00, 0.20, 0.50, 'P', 0.00, 0.808600016880314021},
    {100, 100, 0.0500, 0.00, 0.15, 1.00, 'P', 0.00, 3.714602051381290071},
    {100, 100, 0.0500, 0.00, 0.15, 1.00, 'C', 0.00, 8.591659601309890704},
};

int make_book(Book *b, int numOptions)
{
    int nbase = (int)(sizeof base / sizeof base[0]);
    b->numOptions = numOptions;
    b->data = malloc((size_t)numOptions * sizeof(OptionData));
    /* the suite allocates the six kernel arrays in one block */
    fptype *buffer = malloc(5 * (size_t)numOptions * sizeof(fptype) + 256);
    int *buffer2 = malloc((size_t)numOptions * sizeof(fptype) + 256);
    b->prices = malloc((size_t)numOptions * sizeof(fptype));
    if (!b->data || !buffer || !buffer2 || !b->prices)
        return -1;
    b->sptprice = buffer;
    b->strike = b->sptprice + numOptions;
    b->rate = b->strike + numOptions;
    b->volatility = b->rate + numOptions;
    b->otime = b->volatility + numOptions;
    b->otype = buffer2;

    unsigned s = 20261205u;
    for (int i = 0; i < numOptions; i++) {
        OptionData d = base[i % nbase];
        /* the desk's book: each record moved a little from the table's */
        s = s * 1103515245u + 12345u;
        float u = (float)((s >> 8) & 0xFFFF) / 65536.0f;
        d.s = d.s * (0.9f + 0.2f * u);
        d.v = d.v * (0.8f + 0.4f * u);
        d.t = d.t * (0.5f + u);
        b->data[i] = d;
    }
    for (int i = 0; i < numOptions; i++) {
        b->otype[i] = (b->data[i].OptionType == 'P') ? 1 : 0;
        b->sptprice[i] = b->data[i].s;
        b->strike[i] = b->data[i].strike;
        b->rate[i] = b->data[i].r;
        b->volatility[i] = b->data[i].v;
        b->otime[i] = b->data[i].t;
    }
    return 0;
}

void free_book(Book *b)
{
    free(b->data);
    free(b->sptprice);
    free(b->otype);
    free(b->prices);
}
