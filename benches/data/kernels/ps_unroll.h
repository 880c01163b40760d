/* The inner loop's unroll factor for the replay-table kernels: -DUNROLL=U (default 1), applied
 * by writing PS_UNROLL before the loop (GCC's unroll pragma). */
#ifndef UNROLL
#define UNROLL 1
#endif
#define PS_STR(x) #x
#define PS_XSTR(x) PS_STR(x)
#define PS_UNROLL _Pragma(PS_XSTR(GCC unroll UNROLL))
