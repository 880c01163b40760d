! OpenMP Monte Carlo path-length tally: each history scores its track length into one of 32
! energy bins of a shared tally, inside an OpenMP critical section. Runs at 1 and 2 threads
! and prints ns per history for each.
program tallyq
  use omp_lib
  implicit none
  integer, parameter :: nbins = 32
  integer :: nh, nt, i, b, k
  real(8) :: tally(nbins), t0, t1, x, w
  integer(8) :: s
  character(len=32) :: arg
  nh = 4000000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) nh
  end if
  write (*, '(a)') 'threads  histories   seconds   ns/history   tally(1)'
  do nt = 1, 2
    tally = 0
    call omp_set_num_threads(nt)
    t0 = omp_get_wtime()
    !$omp parallel do private(s, x, w, b, k) schedule(static)
    do i = 1, nh
      s = int(i, 8) * 2862933555777941757_8 + 3037000493_8
      x = real(iand(ishft(s, -11), 1048575_8), 8) / 1048576.0d0
      w = 1.0d0
      do k = 1, 4
        w = w * (1.0d0 - 0.1d0 * x)
      end do
      b = 1 + int(x * nbins)
      !$omp critical (score)
      tally(b) = tally(b) + w
      !$omp end critical (score)
    end do
    !$omp end parallel do
    t1 = omp_get_wtime()
    write (*, '(i7,i11,f10.3,f13.2,es12.4)') nt, nh, t1 - t0, 1d9 * (t1 - t0) / nh, tally(1)
  end do
end program tallyq
