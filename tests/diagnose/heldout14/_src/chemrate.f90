! chemrate: reaction rates of a 24-reaction mechanism in every cell. The cell loop is serial and
! the short loop over the reactions of one cell is the !$omp parallel do, so a parallel region
! is opened and closed once per cell. Usage: chemrate [ncell] [steps]. Prints threads and time.
program chemrate
  use omp_lib
  implicit none
  integer, parameter :: nr = 24
  integer :: ncell, nsteps, c, r, s
  real(8) :: a(nr), b(nr), ea(nr), w(nr), tc, rate, t0, total
  character(len=16) :: arg
  ncell = 40000; nsteps = 3
  if (command_argument_count() >= 1) then; call get_command_argument(1, arg); read(arg, *) ncell; end if
  if (command_argument_count() >= 2) then; call get_command_argument(2, arg); read(arg, *) nsteps; end if
  do r = 1, nr
    a(r) = 1.0d10 / r; b(r) = 0.5d0 * mod(r, 3); ea(r) = 1.0d4 * (1 + mod(r, 5))
  end do
  total = 0; t0 = omp_get_wtime()
  do s = 1, nsteps
    do c = 1, ncell
      tc = 1000.0d0 + 1500.0d0 * c / ncell + s
      !$omp parallel do private(rate)
      do r = 1, nr
        rate = a(r) * tc**b(r) * exp(-ea(r) / tc)
        w(r) = rate
      end do
      !$omp end parallel do
      total = total + sum(w)
    end do
  end do
  print '(a,i0,a,i0,a,i0,a,i0,a,f8.3,a,es12.4)', 'chemrate: ', omp_get_max_threads(), ' threads, ', ncell, &
        ' cells x ', nr, ' reactions, ', nsteps, ' steps: ', omp_get_wtime() - t0, ' s, total rate ', total
end program chemrate
