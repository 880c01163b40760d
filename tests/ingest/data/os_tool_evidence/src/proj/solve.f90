subroutine solve(x, n)
  integer :: n, i
  real(8) :: x(n), t
  do i = 1, n
    x(i) = x(i) * 2.0d0
  end do
end subroutine solve
