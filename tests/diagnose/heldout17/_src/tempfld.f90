! 2-D temperature smoothing (five-point average) on column-major t(n,n), loop nest with the
! second index j innermost, so every update jumps n doubles. ./tempfld  size table (~16 M updates each)
! ./tempfld N REPS  one size
module smoothmod
contains
  subroutine smooth(n, t, s)
    integer, intent(in) :: n
    real(8), intent(in) :: t(n, n)
    real(8), intent(inout) :: s(n, n)
    integer :: i, j
    do i = 2, n - 1
      do j = 2, n - 1
        s(i, j) = 0.2d0 * (t(i, j) + t(i - 1, j) + t(i + 1, j) + t(i, j - 1) + t(i, j + 1))
      end do
    end do
  end subroutine smooth
end module smoothmod
program tempfld
  use smoothmod
  implicit none
  integer :: sizes(5) = [64, 256, 1024, 2048, 3072], k, n, reps
  character(len=32) :: arg
  real(8) :: sec, upd
  if (command_argument_count() >= 2) then
    call get_command_argument(1, arg); read (arg, *) n
    call get_command_argument(2, arg); read (arg, *) reps
    call run(n, reps, sec)
    write (*, '(a,i6,a,i6,a,f8.3)') 'n=', n, ' reps=', reps, ' seconds=', sec
    stop
  end if
  write (*, '(a)') 'tempfld: five-point smoothing, ~16 M interior updates per size'
  write (*, '(a6,a8,a12,a10,a12,a10)') 'n', 'reps', 'updates', 'seconds', 'ns/update', 'GB/s'
  do k = 1, 5
    n = sizes(k)
    reps = max(1, 16000000 / ((n - 2) * (n - 2)))
    call run(n, reps, sec)
    upd = dble(reps) * dble(n - 2)**2
    write (*, '(i6,i8,f12.0,f10.3,f12.2,f10.2)') n, reps, upd, sec, 1d9 * sec / upd, upd * 16d0 / sec / 1d9
  end do
contains
  subroutine run(n, reps, sec)
    integer, intent(in) :: n, reps
    real(8), intent(out) :: sec
    real(8), allocatable :: t(:, :), s(:, :)
    integer :: r, i, j
    integer(8) :: c0, c1, rate
    allocate (t(n, n), s(n, n))
    do j = 1, n
      do i = 1, n
        t(i, j) = mod(i * 7 + j * 13, 101) * 0.01d0
      end do
    end do
    s = t
    call system_clock(c0, rate)
    do r = 1, reps
      call smooth(n, t, s)
      t(2, 2) = t(2, 2) + s(3, 3) * 1d-9
    end do
    call system_clock(c1)
    sec = dble(c1 - c0) / dble(rate)
    if (s(n / 2, n / 2) < -1d0) print *, s(n / 2, n / 2)
  end subroutine run
end program tempfld
