! C = C + A*B with the loops ordered j, i, k: the inner k loop walks A(i,k) across a row,
! a stride of n elements in column-major storage. order 'jki' puts i innermost (unit stride).
program mmkin
  implicit none
  integer :: n, i, j, k
  real(8), allocatable :: a(:,:), b(:,:), c(:,:)
  real(8) :: t0, t1, s
  character(len=8) :: arg, order
  n = 600
  order = 'jik'
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read(arg, *) n
  end if
  if (command_argument_count() >= 2) call get_command_argument(2, order)
  allocate(a(n,n), b(n,n), c(n,n))
  call random_number(a); call random_number(b); c = 0d0
  call cpu_time(t0)
  if (trim(order) == 'jki') then
    do j = 1, n
      do k = 1, n
        do i = 1, n
          c(i,j) = c(i,j) + a(i,k) * b(k,j)
        end do
      end do
    end do
  else
    do j = 1, n
      do i = 1, n
        s = c(i,j)
        do k = 1, n
          s = s + a(i,k) * b(k,j)
        end do
        c(i,j) = s
      end do
    end do
  end if
  call cpu_time(t1)
  write(*,'(a,a,a,i0,a,f8.3,a,f8.3,a,es12.5)') 'matmul order=', trim(order), ' n=', n, &
       ' cpu_time=', t1 - t0, ' s GFLOP/s=', 2d0*n*n*dble(n)/(t1-t0)/1d9, ' chk=', sum(c)
end program mmkin
