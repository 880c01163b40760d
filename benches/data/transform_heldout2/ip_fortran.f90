! Fortran 1-D smoothing with clamp-to-edge reads through max/min: interior_path
! applies to C and C++ only.
program ip_fortran
  implicit none
  integer, parameter :: n = 50000, k = 9
  real(8), allocatable :: x(:), y(:)
  real(8) :: acc, s
  integer :: i, t, rep
  allocate(x(n), y(n))
  do i = 1, n
    x(i) = dble(mod(i * 7, 31)) - 15.0d0
  end do
  do rep = 1, 4
    do i = 1, n
      acc = 0.0d0
      do t = -k, k
        acc = acc + x(min(max(i + t, 1), n)) / dble(1 + abs(t)) ! HOT
      end do
      y(i) = acc * 0.2d0
    end do
    x = y
  end do
  s = 0.0d0
  do i = 1, n
    s = s + x(i) * dble(1 + mod(i, 5))
  end do
  print '(a, es25.17)', 'checksum ', s
end program ip_fortran
