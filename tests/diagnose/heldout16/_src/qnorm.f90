! Modified Gram-Schmidt orthonormalisation of a block of vectors, with every dot product and norm
! accumulated in quad precision (real(16)), as the legacy solver did; mode 8 does the same in real(8).
! ./qnorm [n m mode]   prints the time and the orthogonality error
program qnorm
  implicit none
  integer :: n, m, mode, i, j, k
  real(8), allocatable :: v(:, :)
  real(16) :: sq
  real(8) :: s8, t0, t1, err
  character(len=32) :: arg
  n = 20000; m = 40; mode = 16
  if (command_argument_count() >= 3) then
    call get_command_argument(1, arg); read (arg, *) n
    call get_command_argument(2, arg); read (arg, *) m
    call get_command_argument(3, arg); read (arg, *) mode
  end if
  allocate (v(n, m))
  do j = 1, m
    do i = 1, n
      v(i, j) = 1.0d0/(i + j) + 1.0d-3*mod(i*j, 17)
    end do
  end do
  call cpu_time(t0)
  do j = 1, m
    do k = 1, j - 1
      if (mode == 16) then
        sq = 0.0_16
        do i = 1, n
          sq = sq + real(v(i, k), 16)*real(v(i, j), 16)
        end do
        s8 = real(sq, 8)
      else
        s8 = 0.0d0
        do i = 1, n
          s8 = s8 + v(i, k)*v(i, j)
        end do
      end if
      v(:, j) = v(:, j) - s8*v(:, k)
    end do
    v(:, j) = v(:, j)/sqrt(sum(v(:, j)**2))
  end do
  call cpu_time(t1)
  err = abs(dot_product(v(:, 1), v(:, m))) + abs(dot_product(v(:, m), v(:, m)) - 1.0d0)
  write (*, '(a,i0,a,i0,a,i0,a,f8.3,a,es10.3)') 'n=', n, ' m=', m, ' accumulate=real(', mode, &
    ') seconds=', t1 - t0, ' orthogonality-error=', err
end program qnorm
