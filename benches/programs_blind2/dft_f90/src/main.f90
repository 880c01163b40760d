! spectra [samples=2048] [records=4]: periodogram of each record, strongest period reported
program spectra
  use kinds
  use records, only: make_records
  use periodogram, only: power_spectrum
  implicit none
  integer :: n, nrec, r, kmax
  integer(8) :: c0, c1, rate
  character(len=32) :: arg
  real(dp), allocatable :: x(:, :), p(:, :)
  real(dp) :: total

  n = 2048
  nrec = 4
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) nrec
  end if

  allocate (x(n, nrec), p(0:n / 2, nrec))
  call make_records(x, nrec)

  call system_clock(c0, rate)
  do r = 1, nrec
    call power_spectrum(x(:, r), p(:, r))
  end do
  call system_clock(c1)

  write (*, '(a, i0, a, i0, a, f9.3, a)') '*** ', nrec, ' records of ', n, &
      ' samples: spectra in ', real(c1 - c0, dp) / real(rate, dp), ' sec'
  do r = 1, nrec
    kmax = maxloc(p(1:, r), 1)
    total = sum(p(1:, r))
    write (*, '(a, i3, a, f10.4, a, es16.9, a, es16.9)') ' record', r, '  period', &
        real(n, dp) / kmax, '  peak', p(kmax, r), '  total', total
  end do
end program spectra
