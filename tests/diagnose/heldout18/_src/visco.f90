! Viscous damping of a 2-D velocity field u(nx,ny): the damping routine takes one row u(i,:) at a
! time, an array section with stride nx, so the compiler packs it into a temporary and unpacks it
! after every call. usage: visco NX NY STEPS
module viscomod
  implicit none
contains
  subroutine damp_row(row, n, nu)
    integer, intent(in) :: n
    double precision, intent(inout) :: row(n)
    double precision, intent(in) :: nu
    integer :: j
    do j = 2, n - 1
      row(j) = row(j) + nu*(row(j - 1) - 2.0d0*row(j) + row(j + 1))
    end do
  end subroutine damp_row
end module viscomod

program visco
  use viscomod
  implicit none
  integer :: nx, ny, steps, i, s
  integer(8) :: c0, c1, rate
  double precision, allocatable :: u(:, :)
  character(len=32) :: arg
  nx = 1000; ny = 1000; steps = 20
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) nx
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read (arg, *) ny
  end if
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg); read (arg, *) steps
  end if
  allocate (u(nx, ny))
  u = 1.0d0
  u(nx/2, :) = 2.0d0
  call system_clock(c0, rate)
  do s = 1, steps
    do i = 1, nx
      call damp_row(u(i, :), ny, 0.1d0)
    end do
  end do
  call system_clock(c1)
  write (*, '(a,i6,a,i6,a,i4,a,f9.4,a,f8.2)') 'visco nx=', nx, ' ny=', ny, ' steps=', steps, ' seconds=', &
    dble(c1 - c0)/rate, ' ns/point=', 1.0d9*dble(c1 - c0)/rate/(dble(nx)*ny*steps)
  write (*, '(a,f12.8)') 'u(nx/2,ny/2)=', u(nx/2, ny/2)
end program visco
