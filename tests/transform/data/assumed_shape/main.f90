program grid
  use lookup
  implicit none
  integer, parameter :: nr = 64, nc = 2000
  real(8) :: g(nr, nc), total
  integer :: i, j, rep
  do j = 1, nc
    do i = 1, nr
      g(i, j) = dble(j) + 0.001d0 * i
    end do
  end do
  total = 0
  do rep = 1, 2500
    do i = 1, nr
      total = total + bracket(g(i, :), nc, 0.5d0 * nc + 0.37d0 * i)
    end do
  end do
  print '(f20.3)', total
end program grid
