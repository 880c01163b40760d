! Fortran write with formats: Fw.d, Es, and a per-iteration residual log
program fwrite
  implicit none
  integer :: it, i
  integer, parameter :: n = 200000
  real(8) :: x(n), r, t0, t1, tit0, tit1
  call cpu_time(t0)
  x = 1.0d0
  do it = 1, 5
    call cpu_time(tit0)
    do i = 2, n
      x(i) = 0.5d0*(x(i) + x(i-1)) + 1.0d-9
    end do
    r = abs(x(n) - x(n-1))
    call cpu_time(tit1)
    write(*,'(A,I4,A,ES10.3,A,F8.5)') ' iter', it*10, ' residual', r, ' time', tit1-tit0
  end do
  call cpu_time(t1)
  write(*,'(A)') ' Solver converged'
  write(*,'(A,F10.4,A)') ' Total CPU time (s) =', t1-t0, ''
  write(*,'(A,ES12.4)') ' Final residual     =', r
end program fwrite
