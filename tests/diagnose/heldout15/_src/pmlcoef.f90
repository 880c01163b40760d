! 2-D scalar wave update with a perfectly-matched-layer damping band on every side; the damping
! factor of each cell, exp(-sigma*dt) with sigma = smax*(d/L)**2.5, is recomputed from the cell's
! position inside the update loop of every step (the geometry never changes).
program pmlcoef
  implicit none
  integer :: n, steps, i, j, s, npml
  real(8), allocatable :: u(:,:), v(:,:)
  real(8) :: dt, smax, d, sig, damp, t0, t1
  character(len=32) :: arg
  n = 512; steps = 20; npml = 64
  if (command_argument_count() >= 2) then
    call get_command_argument(1, arg); read (arg, *) n
    call get_command_argument(2, arg); read (arg, *) steps
  end if
  allocate (u(n, n), v(n, n))
  u = 0; v = 0
  u(n / 2, n / 2) = 1.0d0
  dt = 0.1d0; smax = 3.0d0
  call cpu_time(t0)
  do s = 1, steps
    do j = 2, n - 1
      do i = 2, n - 1
        d = max(0.0d0, real(npml - min(i, j, n + 1 - i, n + 1 - j), 8)) + 1.0d0
        sig = smax * (d / npml)**2.5d0
        damp = exp(-sig * dt)
        v(i, j) = damp * (v(i, j) + dt * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1) - 4 * u(i, j)))
      end do
    end do
    u = u + dt * v
  end do
  call cpu_time(t1)
  write (*, '(a,i5,a,i4,a,f8.3,a,f8.2,a,es12.4)') 'n=', n, ' steps=', steps, ' time=', t1 - t0, ' s  ns/cell-update=', &
    1d9 * (t1 - t0) / (real(n, 8)**2 * steps), ' u(n/2,n/2)=', u(n / 2, n / 2)
end program pmlcoef
