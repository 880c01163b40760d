! Hailstone size spectrum from a microphysics ensemble: every thread samples stones (a few
! operations each) and adds each one to a 64-bin shared histogram inside an OpenMP critical section.
! Prints threads, stones and seconds.
program hailbins
  use omp_lib
  implicit none
  integer :: nstones, i, b, nt
  integer(8) :: hist(64), seed
  double precision :: t0, t1, d
  character(len=16) :: arg
  nstones = 20000000
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg); read(arg, *) nstones
  end if
  hist = 0
  nt = omp_get_max_threads()
  t0 = omp_get_wtime()
  !$omp parallel do private(seed, d, b) schedule(static)
  do i = 1, nstones
    seed = mod(int(i, 8) * 1103515245_8 + 12345_8, 2147483648_8)
    d = 5d0 * (-log((dble(seed) + 1d0) / 2147483649d0))        ! stone diameter, mm
    b = min(64, 1 + int(d * 4d0))
    !$omp critical (hist_update)
    hist(b) = hist(b) + 1
    !$omp end critical (hist_update)
  end do
  !$omp end parallel do
  t1 = omp_get_wtime()
  write(*,'(a,i2,a,i9,a,f7.3,a,f7.1,a,i9)') 'threads ', nt, ' stones ', nstones, ' seconds ', t1 - t0, &
       ' ns/stone ', 1d9 * (t1 - t0) / nstones, ' bin1 ', hist(1)
end program hailbins
