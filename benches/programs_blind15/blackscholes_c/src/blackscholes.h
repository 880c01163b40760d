/* bookprice: PARSEC 3.0 blackscholes (its kernel, its OptionData, its NUM_RUNS loop) */
#ifndef BLACKSCHOLES_H
#define BLACKSCHOLES_H

#define fptype float
#define NUM_RUNS 100

typedef struct OptionData_ {
    fptype s;        /* spot price */
    fptype strike;   /* strike price */
    fptype r;        /* risk-free interest rate */
    fptype divq;     /* dividend rate */
    fptype v;        /* volatility */
    fptype t;        /* time to maturity or option expiration in years */
    char OptionType; /* Option type.  "P"=PUT, "C"=CALL */
    fptype divs;     /* dividend vals (not used in this test) */
    fptype DGrefval; /* DerivaGem Reference Value */
} OptionData;

typedef struct {
    int numOptions;
    OptionData *data;
    /* the suite's kernel arrays, copied out of data */
    fptype *prices, *sptprice, *strike, *rate, *volatility, *otime;
    int *otype;
} Book;

int make_book(Book *b, int numOptions);
void free_book(Book *b);
fptype CNDF(fptype InputX);
fptype BlkSchlsEqEuroNoDiv(fptype sptprice, fptype strike, fptype rate, fptype volatility,
                           fptype time, int otype, float timet);
void bs_thread(Book *b);

#endif
