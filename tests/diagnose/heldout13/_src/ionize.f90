! Ionisation balance: for every cell, solve a Saha-like equation for the ionised fraction by
! Newton iteration (OpenMP over cells, equal work per cell).  usage: ionize [NCELL] [NREP]
program ionize
  use omp_lib
  implicit none
  integer :: ncell, nrep, i, r, it
  real(8), allocatable :: temp(:), dens(:), xion(:)
  real(8) :: k, x, f, df, t0
  character(len=16) :: arg
  ncell = 200000
  nrep = 6
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) ncell
  end if
  if (command_argument_count() > 1) then
    call get_command_argument(2, arg)
    read (arg, *) nrep
  end if
  allocate (temp(ncell), dens(ncell), xion(ncell))
  do i = 1, ncell
    temp(i) = 5d3 + 2d4 * dble(mod(i, 997)) / 997d0
    dens(i) = 1d-3 * (1d0 + dble(mod(i, 31)))
  end do
  t0 = omp_get_wtime()
  do r = 1, nrep
    !$omp parallel do private(k, x, f, df, it)
    do i = 1, ncell
      k = 2.4d21 * temp(i)**1.5d0 * exp(-1.578d5 / temp(i)) / (dens(i) * 6d23 + dble(r))
      x = 0.5d0
      do it = 1, 12
        f = x * x + k * x - k
        df = 2d0 * x + k
        x = min(1d0, max(1d-12, x - f / df))
      end do
      xion(i) = x + 1d-3 * log(1d0 + x) * sin(temp(i))
    end do
    !$omp end parallel do
  end do
  write (*, '(a,i0,a,i0,a,f8.3,a,es14.6)') 'threads=', omp_get_max_threads(), ' cells=', ncell, &
       ' wall=', omp_get_wtime() - t0, ' s  sum=', sum(xion)
end program ionize
