! collide: contact detection for n granular spheres in a unit box by testing every pair
! (i < j) for overlap each step; the contact force uses the pair distance (sqrt).
! Usage: collide [n] [steps]. Prints contacts and the time per step.
program collide
  implicit none
  integer :: n, nsteps, i, j, s, ncont
  real(8), allocatable :: x(:), y(:), z(:), fx(:)
  real(8) :: rad, dx, dy, dz, d, t0, t1
  character(len=16) :: arg
  n = 4000; nsteps = 2
  if (command_argument_count() >= 1) then; call get_command_argument(1, arg); read(arg, *) n; end if
  if (command_argument_count() >= 2) then; call get_command_argument(2, arg); read(arg, *) nsteps; end if
  allocate(x(n), y(n), z(n), fx(n))
  call random_number(x); call random_number(y); call random_number(z)
  rad = 0.5d0 / real(n, 8)**(1.0d0/3.0d0)
  call cpu_time(t0)
  do s = 1, nsteps
    fx = 0; ncont = 0
    do i = 1, n - 1
      do j = i + 1, n
        dx = x(j) - x(i); dy = y(j) - y(i); dz = z(j) - z(i)
        d = sqrt(dx*dx + dy*dy + dz*dz)
        if (d < 2*rad) then
          ncont = ncont + 1
          fx(i) = fx(i) - (2*rad - d) * dx / d; fx(j) = fx(j) + (2*rad - d) * dx / d
        end if
      end do
    end do
    x = modulo(x + 1d-6 * fx, 1.0d0)
  end do
  call cpu_time(t1)
  print '(a,i0,a,i0,a,i0,a,f9.4,a)', 'collide: n=', n, ' steps=', nsteps, ' contacts=', ncont, '  ', (t1 - t0) / nsteps, ' s/step'
end program collide
