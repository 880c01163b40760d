! Soil-moisture relaxation over land columns (Fortran, serial).
! theta(lev, col) is stored column-major (levels contiguous), but the update loops with the level index
! outermost and the column index innermost, so consecutive iterations are n*8 bytes apart. The total work
! (n*n*reps point updates) is held fixed across sizes. -DLEVIN (cpp) puts the level loop innermost.
! usage: soilcol n reps ; prints one row: n, points, reps, seconds, ns per point update
program soilcol
  implicit none
  integer :: n, reps, r, i, j
  double precision, allocatable :: theta(:,:), src(:,:)
  double precision :: t0, t1, chk
  integer(8) :: c0, c1, rate
  character(len=32) :: arg
  n = 2048; reps = 8
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read (arg, *) reps
  end if
  allocate (theta(n, n), src(n, n))
  theta = 0.3d0
  src = 1.0d-4
  call system_clock(c0, rate)
  do r = 1, reps
#ifdef LEVIN
    do j = 1, n
      do i = 1, n
#else
    do i = 1, n
      do j = 1, n
#endif
        theta(i, j) = theta(i, j) + 0.05d0 * (0.35d0 - theta(i, j)) + src(i, j)
      end do
    end do
  end do
  call system_clock(c1)
  t1 = dble(c1 - c0) / dble(rate)
  chk = theta(n / 2, n / 3)
  t0 = 0.0d0
  write (*, '(a,i6,a,i10,a,i5,a,f8.3,a,f8.3,a,f10.6)') 'soilcol n=', n, ' points=', n * n, ' reps=', reps, &
       ' seconds=', t1, ' ns_per_update=', 1.0d9 * t1 / (dble(n) * dble(n) * dble(reps)), ' check=', chk
end program soilcol
