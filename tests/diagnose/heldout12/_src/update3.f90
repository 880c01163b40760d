! OpenMP explicit update u = u + dt*(f - g) over three large arrays; prints the bandwidth it reaches.
program update3
  use omp_lib
  implicit none
  integer :: n, nsweep, i, s
  real(8), allocatable :: u(:), f(:), g(:)
  real(8) :: t0, t1, dt, best, tt
  character(len=32) :: arg
  call get_command_argument(1, arg); read (arg, *) n
  call get_command_argument(2, arg); read (arg, *) nsweep
  allocate (u(n), f(n), g(n))
  !$omp parallel do schedule(static)
  do i = 1, n
    u(i) = 1d0; f(i) = 1d-3*mod(i, 17); g(i) = 1d-3*mod(i, 5)
  end do
  !$omp end parallel do
  dt = 0.01d0
  best = 1d30
  do s = 1, nsweep
    t0 = omp_get_wtime()
    !$omp parallel do schedule(static)
    do i = 1, n
      u(i) = u(i) + dt*(f(i) - g(i))
    end do
    !$omp end parallel do
    t1 = omp_get_wtime()
    tt = t1 - t0
    if (tt < best) best = tt
  end do
  write (*, '(a,i2,a,i10,a,f8.4,a,f7.2,a,f12.4)') 'threads=', omp_get_max_threads(), ' n=', n, &
    ' best_sweep_s=', best, ' GB/s=', 32d0*n/best/1d9, ' u1=', u(1)
end program update3
