! shockq: OpenMP stiff chemistry sub-cycling behind a shock. Cells 1..ncell are integrated with
! explicit sub-steps; the cells behind the shock (the first 30% of the index range) need 25 times
! more sub-steps than the others. The loop is !$omp parallel do schedule(static).
! Usage: shockq [ncell] [steps]. Prints, per thread, the cells, sub-steps and busy time.
program shockq
  use omp_lib
  implicit none
  integer :: ncell, nsteps, i, s, k, nsub, tid, nth
  real(8), allocatable :: y(:), busy(:)
  integer(8), allocatable :: cells(:), subs(:)
  real(8) :: h, r, t0, tw
  character(len=16) :: arg
  ncell = 60000; nsteps = 4
  if (command_argument_count() >= 1) then; call get_command_argument(1, arg); read(arg, *) ncell; end if
  if (command_argument_count() >= 2) then; call get_command_argument(2, arg); read(arg, *) nsteps; end if
  nth = omp_get_max_threads()
  allocate(y(ncell), busy(0:nth-1), cells(0:nth-1), subs(0:nth-1))
  y = 1.0d0; busy = 0; cells = 0; subs = 0
  tw = omp_get_wtime()
  do s = 1, nsteps
    !$omp parallel private(tid, t0, nsub, h, r, k)
    tid = omp_get_thread_num(); t0 = omp_get_wtime()
    !$omp do schedule(static)
    do i = 1, ncell
      nsub = 8
      if (i <= (3 * ncell) / 10) nsub = 200
      h = 1.0d-3 / nsub
      do k = 1, nsub
        r = 1.0d3 * exp(-2.0d0 / (y(i) + 0.1d0)) * (2.0d0 - y(i))
        y(i) = y(i) + h * r
      end do
      cells(tid) = cells(tid) + 1; subs(tid) = subs(tid) + nsub
    end do
    !$omp end do nowait
    busy(tid) = busy(tid) + (omp_get_wtime() - t0)
    !$omp end parallel
  end do
  tw = omp_get_wtime() - tw
  print '(a,i0,a,i0,a,i0,a,f7.3,a)', 'shockq: ', nth, ' threads, ', ncell, ' cells, ', nsteps, ' steps, ', tw, ' s'
  do tid = 0, nth - 1
    print '(a,i2,a,i9,a,i11,a,f7.3,a)', 'thread ', tid, ': cells ', cells(tid), '  sub-steps ', subs(tid), &
          '  busy ', busy(tid), ' s'
  end do
  print '(a,es14.6)', 'mean y ', sum(y) / ncell
end program shockq
