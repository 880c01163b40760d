! gray_scott: pattern formation movie for the reaction-diffusion lab
!   ./gray_scott [n=200] [nsteps=2000] [every=40]
program gray_scott
  use gs_params
  use gs_solver
  use gs_output
  implicit none
  integer :: it, isnap
  integer(8) :: c0, c1, rate
  real(dp) :: t0, t1

  call read_arguments()
  call init_fields()
  write(*, '(a,i0,a,i0,a,i0,a,i0,a)') 'Gray-Scott ', n, ' x ', n, ', ', nsteps, &
       ' steps, snapshot every ', every, ' steps'
  write(*, '(a,f7.4,a,f7.4)') 'F = ', feed, '  k = ', kill

  call system_clock(c0, rate)
  call cpu_time(t0)
  isnap = 0
  do it = 1, nsteps
    call step()
    if (mod(it, every) == 0) then
      isnap = isnap + 1
      call write_snapshot(isnap, u, v)
    end if
    if (mod(it, max(1, nsteps / 5)) == 0) call log_state(it, u, v)
  end do
  call cpu_time(t1)
  call system_clock(c1)

  write(*, '(a,i0,a)') 'wrote ', isnap, ' snapshots'
  write(*, '(a,f9.3,a,f9.3,a)') 'run time: ', real(c1 - c0, dp) / rate, ' s wall, ', &
       t1 - t0, ' s cpu'
end program gray_scott
