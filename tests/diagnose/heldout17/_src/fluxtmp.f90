! Finite-volume flux step whose helper routine allocates a work array of 6 M reals
! (48 MB), so every call gets fresh memory from the OS, touches it page by page and gives it back.
! ./fluxtmp N STEPS   prints steps, seconds, per-step milliseconds
module fluxmod
contains
  subroutine fluxes(n, q, f)
    integer, intent(in) :: n
    real(8), intent(in) :: q(n)
    real(8), intent(out) :: f(n)
    real(8), allocatable :: w(:)
    integer :: i
    allocate (w(n))
    do i = 1, n
      w(i) = 0.5d0 * q(i) * q(i)
    end do
    f(1) = 0d0
    do i = 2, n
      f(i) = w(i) - w(i - 1)
    end do
    deallocate (w)
  end subroutine fluxes
end module fluxmod
program fluxtmp
  use fluxmod
  implicit none
  integer :: n, steps, s
  real(8), allocatable :: q(:), f(:)
  integer(8) :: c0, c1, rate
  character(len=32) :: arg
  n = 6000000; steps = 30
  if (command_argument_count() >= 2) then
    call get_command_argument(1, arg); read (arg, *) n
    call get_command_argument(2, arg); read (arg, *) steps
  end if
  allocate (q(n), f(n))
  q = 1d0
  call system_clock(c0, rate)
  do s = 1, steps
    call fluxes(n, q, f)
    q(2:n) = q(2:n) - 1d-3 * f(2:n)
  end do
  call system_clock(c1)
  write (*, '(a,i9,a,i4,a,f8.3,a,f8.2)') 'fluxtmp: n', n, ' steps', steps, ' seconds', dble(c1 - c0) / rate, &
    ' ms/step', 1d3 * dble(c1 - c0) / rate / steps
end program fluxtmp
