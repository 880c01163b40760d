#ifndef _GEMM_H
# define _GEMM_H

/* default problem size; the build overrides it with -DNI=... -DNJ=... -DNK=... */
# if !defined(NI) && !defined(NJ) && !defined(NK)
#  define NI 1000
#  define NJ 1100
#  define NK 1200
# endif

# define _PB_NI PB_LOOP_BOUND(NI, ni)
# define _PB_NJ PB_LOOP_BOUND(NJ, nj)
# define _PB_NK PB_LOOP_BOUND(NK, nk)

#endif
