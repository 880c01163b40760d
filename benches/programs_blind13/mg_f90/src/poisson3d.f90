! poisson3d: smooth the potential of a periodic box of point charges with the NAS MG
! fine-grid operators (resid, then psinv, per sweep)
! usage: ./poisson3d N SWEEPS [NCHARGE]
program poisson3d
  use grid
  use mgops
  implicit none
  integer :: n, sweeps, ncharge, it, nargs
  character(len=32) :: arg
  real(dp), allocatable :: u(:,:,:), v(:,:,:), r(:,:,:)
  real(dp) :: a(0:3), c(0:3), rnm2, rnmu, t0, t1

  nargs = command_argument_count()
  if (nargs < 2) then
    write (*, '(a)') 'usage: poisson3d N SWEEPS [NCHARGE]'
    stop 1
  end if
  call get_command_argument(1, arg)
  read (arg, *) n
  call get_command_argument(2, arg)
  read (arg, *) sweeps
  ncharge = 10
  if (nargs >= 3) then
    call get_command_argument(3, arg)
    read (arg, *) ncharge
  end if

  ! MG's operators: a for the residual, c for the smoother (classes A and above)
  a = [-8.0_dp / 3.0_dp, 0.0_dp, 1.0_dp / 6.0_dp, 1.0_dp / 12.0_dp]
  c = [-3.0_dp / 8.0_dp, 1.0_dp / 32.0_dp, -1.0_dp / 64.0_dp, 0.0_dp]

  allocate (u(0:n+1, 0:n+1, 0:n+1), v(0:n+1, 0:n+1, 0:n+1), r(0:n+1, 0:n+1, 0:n+1))
  call make_source(v, n, ncharge)
  u = 0.0_dp
  write (*, '(a,i0,a,i0,a,i0,a)') 'grid ', n, '^3, ', sweeps, ' sweeps, ', &
      2 * ncharge, ' charges'

  call cpu_time(t0)
  do it = 1, sweeps
    call resid(u, v, r, n, a)
    if (mod(it, 10) == 0 .or. it == 1) then
      call norm2u3(r, n, rnm2, rnmu)
      write (*, '(a,i5,a,es22.14,a,es22.14)') 'sweep', it, '  residual L2', rnm2, &
          '  max', rnmu
    end if
    call psinv(r, u, n, c)
  end do
  call resid(u, v, r, n, a)
  call cpu_time(t1)

  call norm2u3(r, n, rnm2, rnmu)
  write (*, '(a,es22.14,a,es22.14)') 'final residual L2', rnm2, '  max', rnmu
  call norm2u3(u, n, rnm2, rnmu)
  write (*, '(a,es22.14,a,es22.14)') 'potential L2', rnm2, '  max', rnmu
  write (*, '(a,f10.4,a)') 'smoothing:', t1 - t0, ' s cpu'
end program poisson3d
