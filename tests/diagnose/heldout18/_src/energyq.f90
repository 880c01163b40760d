! Total energy of an N-body snapshot accumulated every step; the accumulator kind is chosen by the
! first argument: 'q' uses real(16) (quad precision, software arithmetic), 'd' uses real(8).
! usage: energyq MODE N STEPS ; prints one mode row
program energyq
  implicit none
  integer, parameter :: qp = 16, dp = 8
  integer :: n, steps, i, s
  integer(8) :: c0, c1, rate
  real(dp), allocatable :: m(:), v(:)
  real(qp) :: eq
  real(dp) :: ed
  character(len=32) :: arg, mode
  mode = 'q'; n = 400000; steps = 10
  if (command_argument_count() >= 1) call get_command_argument(1, mode)
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read (arg, *) n
  end if
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg); read (arg, *) steps
  end if
  allocate (m(n), v(n))
  do i = 1, n
    m(i) = 1.0d0 + mod(i, 7)*0.1d0; v(i) = 0.5d0 + mod(i, 13)*0.01d0
  end do
  call system_clock(c0, rate)
  eq = 0; ed = 0
  do s = 1, steps
    if (mode(1:1) == 'q') then
      do i = 1, n
        eq = eq + 0.5_qp*real(m(i), qp)*real(v(i), qp)**2
      end do
    else
      do i = 1, n
        ed = ed + 0.5_dp*m(i)*v(i)**2
      end do
    end if
    v = v*0.9999d0
  end do
  call system_clock(c1)
  if (mode(1:1) == 'q') ed = real(eq, dp)
  write (*, '(a,a,a,i8,i4,f10.4,f9.2,a,es24.16)') 'mode ', mode(1:1), ' n/steps ', n, steps, dble(c1 - c0)/rate, &
    1.0d9*dble(c1 - c0)/rate/(dble(n)*steps), ' ns/term  energy ', ed
end program energyq
