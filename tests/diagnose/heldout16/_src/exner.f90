! Compressible atmosphere step on a terrain-following (x, z) slice: the buoyancy term needs the Exner function of the
! hydrostatic BASE state, (pbase/p0)**(R/cp), and its density rho0*exp(-z/H), which never change;
! both are recomputed for every cell in every step.   ./exner [nx nz steps]
program exner
  implicit none
  integer :: nx, nz, steps, i, k, s
  real(8), allocatable :: th(:, :), w(:, :), z(:), zs(:)
  real(8) :: pb, pib, rhob, t0, t1, kap, zz
  character(len=32) :: arg
  nx = 600; nz = 200; steps = 120
  if (command_argument_count() >= 3) then
    call get_command_argument(1, arg); read (arg, *) nx
    call get_command_argument(2, arg); read (arg, *) nz
    call get_command_argument(3, arg); read (arg, *) steps
  end if
  allocate (th(nx, nz), w(nx, nz), z(nz), zs(nx))
  do i = 1, nx
    zs(i) = 800.0d0*exp(-((i - nx/2)/(0.1d0*nx))**2)
  end do
  do k = 1, nz
    z(k) = 50.0d0*(k - 0.5d0)
  end do
  th = 300.0d0; w = 0.0d0
  th(nx/2, 2) = 301.0d0
  kap = 287.0d0/1004.0d0
  call cpu_time(t0)
  do s = 1, steps
    do k = 2, nz - 1
      do i = 2, nx - 1
        zz = zs(i) + z(k)*(1.0d0 - zs(i)/1.0d4)
        pb = 1.0d5*exp(-zz/8000.0d0)
        pib = (pb/1.0d5)**kap
        rhob = 1.2d0*exp(-zz/8000.0d0)
        w(i, k) = w(i, k) + 0.5d0*9.81d0*(th(i, k)/(300.0d0*pib) - 1.0d0/pib)/rhob*rhob
        th(i, k) = th(i, k) - 0.1d0*(w(i, k) - w(i, k - 1)) + 0.01d0*(th(i + 1, k) - 2*th(i, k) + th(i - 1, k))
      end do
    end do
  end do
  call cpu_time(t1)
  write (*, '(a,i0,a,i0,a,i0)') 'nx=', nx, ' nz=', nz, ' steps=', steps
  write (*, '(a,f8.3,a,f8.2)') 'seconds=', t1 - t0, ' ns/cell-step=', 1.0d9*(t1 - t0)/(dble(nx - 2)*(nz - 2)*steps)
  write (*, '(a,es16.8)') 'max w=', maxval(w)
end program exner
