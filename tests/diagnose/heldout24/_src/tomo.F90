! tomo.F90: seismic tomography ray-density weighting of a slowness grid s(nz,nx) (column-major), inner loop over ix (stride nz, lines 29-31, the update on line 31); -DCOLS puts iz innermost.
program tomo
  implicit none
  integer :: n, reps, ix, iz, r
  integer(8) :: c0, c1, rate
  real(8), allocatable :: s(:,:), w(:,:)
  real(8) :: tot
  character(len=32) :: arg
  n = 4096
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read(arg, *) n
  end if
  reps = max(1, 2**27 / (n * n))
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read(arg, *) reps
  end if
  allocate(s(n, n), w(n, n))
  do ix = 1, n
    do iz = 1, n
      s(iz, ix) = 0.25d0 + 1.0d-4 * mod(iz * 7 + ix, 101)
      w(iz, ix) = 0.0d0
    end do
  end do
  call system_clock(c0, rate)
  do r = 1, reps
#ifndef COLS
    do iz = 1, n
      do ix = 1, n
        w(iz, ix) = w(iz, ix) + s(iz, ix) * (1.0d0 + 0.5d0 * s(iz, ix))
      end do
    end do
#else
    do ix = 1, n
      do iz = 1, n
        w(iz, ix) = w(iz, ix) + s(iz, ix) * (1.0d0 + 0.5d0 * s(iz, ix))
      end do
    end do
#endif
  end do
  call system_clock(c1)
  tot = sum(w(1:n:97, 1:n:89))
  write(*, '(a,i6,a,i4,a,f8.3,a,f7.2,a,es12.5)') 'tomo: n=', n, ' reps=', reps, ' time=', &
    dble(c1 - c0) / dble(rate), ' s  ns/cell=', 1.0d9 * dble(c1 - c0) / dble(rate) / (dble(n) * n * reps), '  check=', tot
end program tomo
