#ifndef SEQ_H
#define SEQ_H
/* bases coded as in PolyBench's nussinov: A=0 C=1 G=2 U=3, so that a Watson-Crick pair
 * (A-U, C-G) is a pair whose codes add up to 3 */
typedef unsigned char base;

/* a synthetic transcript: random bases with a given GC content and, to give it structure,
 * inverted repeats (hairpin stems) planted every so often */
base *seq_synthetic(int n, double gc, unsigned long seed);
char seq_letter(base b);
#endif
