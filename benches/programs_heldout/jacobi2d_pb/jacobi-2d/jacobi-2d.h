#ifndef _JACOBI_2D_H
# define _JACOBI_2D_H

/* default problem size; the build overrides it with -DTSTEPS=... -DN=... */
# if !defined(TSTEPS) && !defined(N)
#  define TSTEPS 500
#  define N 1300
# endif

# define _PB_TSTEPS PB_LOOP_BOUND(TSTEPS, tsteps)
# define _PB_N PB_LOOP_BOUND(N, n)

#endif
