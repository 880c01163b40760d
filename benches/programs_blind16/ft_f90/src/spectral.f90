! spectral NX NY NZ NITER: NPB FT's benchmark run on the group's grid: forward transform of
! the initial field, then per step the spectral decay and an inverse transform, with the
! suite's checksum of each step's field
program spectral
  use ft3d
  implicit none
  integer :: nx, ny, nz, niter, iter
  character(len=32) :: arg
  complex(kind=8), allocatable :: u0(:,:,:), u1(:,:,:), u2(:,:,:)
  double precision, allocatable :: tw(:,:,:)
  complex(kind=8) :: chk
  integer(kind=8) :: c0, c1, rate

  nx = 128; ny = 128; nz = 64; niter = 6
  if (command_argument_count() >= 4) then
    call get_command_argument(1, arg); read(arg, *) nx
    call get_command_argument(2, arg); read(arg, *) ny
    call get_command_argument(3, arg); read(arg, *) nz
    call get_command_argument(4, arg); read(arg, *) niter
  end if
  allocate(u0(nx, ny, nz), u1(nx, ny, nz), u2(nx, ny, nz), tw(nx, ny, nz))
  write(*, '(a, i5, a, i5, a, i5, a, i4)') ' FT grid ', nx, ' x', ny, ' x', nz, &
       '   iterations', niter

  call system_clock(c0, rate)
  call make_twiddle(tw, nx, ny, nz)
  call initial_conditions(u1, nx, ny, nz)
  call fft3d(-1, u1, u0, nx, ny, nz)
  do iter = 1, niter
    call evolve(u0, u1, tw, nx, ny, nz)
    call fft3d(1, u1, u2, nx, ny, nz)
    chk = checksum(u2, nx, ny, nz)
    write(*, '(a, i4, 2es24.14)') ' T =', iter, dble(chk), aimag(chk)
  end do
  call system_clock(c1)
  write(*, '(a, f10.3)') ' Time in seconds =', dble(c1 - c0) / dble(rate)
  write(*, '(a, f10.2)') ' Mop/s total     =', 1.0d-6 * dble(nx) * ny * nz * &
       (14.8157d0 + 7.19641d0 * log(dble(nx) * ny * nz) + &
       (5.23518d0 + 7.21113d0 * log(dble(nx) * ny * nz)) * niter) / &
       (dble(c1 - c0) / dble(rate))
end program spectral
