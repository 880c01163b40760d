! Pair interaction sums over the lower triangle (j < i) with a static OpenMP schedule:
! prints, per thread, the pair evaluations it did and its CPU time (CLOCK_THREAD_CPUTIME_ID).
module tcpu
  use iso_c_binding
  implicit none
  type, bind(c) :: timespec
    integer(c_long) :: sec, nsec
  end type
  interface
    integer(c_int) function clock_gettime(clk, ts) bind(c, name='clock_gettime')
      import :: c_int, timespec
      integer(c_int), value :: clk
      type(timespec) :: ts
    end function
  end interface
contains
  real(8) function thread_cpu()
    type(timespec) :: ts
    integer(c_int) :: rc
    rc = clock_gettime(3_c_int, ts)   ! CLOCK_THREAD_CPUTIME_ID
    thread_cpu = real(ts%sec, 8) + 1.0d-9 * real(ts%nsec, 8)
  end function
end module tcpu

program omptri
  use omp_lib
  use tcpu
  implicit none
  integer :: n, i, j, tid, nt, k
  real(8), allocatable :: x(:), f(:)
  real(8) :: d, c0, cpu(0:63), w0, w1
  integer(8) :: pairs(0:63)
  character(len=16) :: arg
  n = 12000
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read(arg, *) n
  end if
  allocate(x(n), f(n))
  do i = 1, n
    x(i) = real(mod(i * 7919, 1000), 8) * 1.0d-3
  end do
  f = 0.0d0
  pairs = 0
  cpu = 0.0d0
  w0 = omp_get_wtime()
!$omp parallel private(tid, i, j, d, c0, k)
  tid = omp_get_thread_num()
  c0 = thread_cpu()
!$omp do schedule(static)
  do i = 2, n
    do j = 1, i - 1
      d = x(i) - x(j)
      f(i) = f(i) + d / (1.0d0 + d * d)
    end do
    pairs(tid) = pairs(tid) + (i - 1)
  end do
!$omp end do
  cpu(tid) = thread_cpu() - c0
!$omp end parallel
  w1 = omp_get_wtime()
  nt = omp_get_max_threads()
  write(*,'(a,i0,a,i0,a,f8.3)') 'n=', n, ' threads=', nt, ' wall_s=', w1 - w0
  do k = 0, nt - 1
    write(*,'(a,i0,a,i0,a,f6.1,a,f8.3)') 'thread ', k, ' pairs=', pairs(k), ' share_pct=', &
         100.0d0 * real(pairs(k), 8) / real(sum(pairs(0:nt-1)), 8), ' cpu_s=', cpu(k)
  end do
  write(*,'(a,es14.6)') 'checksum=', sum(f)
end program omptri
