! Weighted relaxation sweeps on an n x n grid. Fortran arrays are column-major.
program relax
  implicit none
  integer :: n, it, i, j, iters
  real(8), allocatable :: u(:,:), v(:,:)
  real(8) :: t0, t1
  character(len=32) :: arg
  n = 2000; iters = 10
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read(arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read(arg, *) iters
  end if
  allocate(u(n, n), v(n, n))
  u = 1.0d0; v = 0.0d0
  u(1, :) = 0.0d0
  call cpu_time(t0)
  do it = 1, iters
#ifdef GOOD
    do j = 2, n - 1
      do i = 2, n - 1
#else
    do i = 2, n - 1
      do j = 2, n - 1
#endif
        v(i, j) = 0.2d0 * (u(i, j) + u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
      end do
    end do
    u = v
  end do
  call cpu_time(t1)
  write(*, '(a, i0, a, i0)') 'grid=', n, ' iterations=', iters
  write(*, '(a, f8.3, a)') 'sweep_time: ', t1 - t0, ' s'
  write(*, '(a, f8.2, a)') 'update_rate: ', dble(n - 2)**2 * iters / (t1 - t0) / 1d6, ' MLUP/s'
  write(*, '(a, es12.5)') 'center=', v(n / 2, n / 2)
end program relax
