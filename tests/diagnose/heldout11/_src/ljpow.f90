! Lennard-Jones energy of particle pairs within a cutoff, written with real exponents.
program ljpow
  implicit none
  integer :: n, i, j, rep, nrep
  real(8), allocatable :: x(:), y(:), z(:)
  real(8) :: e, r2, sr, t0, t1, dx, dy, dz
  real(8), parameter :: sig = 1.0d0, eps = 1.0d0
  character(len=16) :: arg
  n = 1500; nrep = 4
  if (command_argument_count() > 0) then
     call get_command_argument(1, arg); read(arg, *) nrep
  end if
  if (command_argument_count() > 1) then
     call get_command_argument(2, arg); read(arg, *) n
  end if
  allocate(x(n), y(n), z(n))
  do i = 1, n
     x(i) = mod(i * 7, 23) * 1.1d0; y(i) = mod(i * 11, 19) * 1.2d0; z(i) = mod(i * 13, 17) * 1.3d0
  end do
  call cpu_time(t0)
  e = 0.0d0
  do rep = 1, nrep
     do i = 1, n - 1
        do j = i + 1, n
           dx = x(i) - x(j); dy = y(i) - y(j); dz = z(i) - z(j)
           r2 = dx * dx + dy * dy + dz * dz + 0.01d0
           sr = sig / sqrt(r2)
           e = e + 4.0d0 * eps * (sr**12.0d0 - sr**6.0d0)
        end do
     end do
  end do
  call cpu_time(t1)
  print '(a,i0,a,i0,a,f8.3,a,f10.2,a,es14.6)', 'pairs=', n * (n - 1) / 2, ' reps=', nrep, ' cpu_s=', t1 - t0, &
       ' ns_per_pair=', (t1 - t0) / (dble(n) * (n - 1) / 2 * nrep) * 1.0d9, ' energy=', e
end program ljpow
