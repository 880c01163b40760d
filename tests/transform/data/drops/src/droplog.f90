! the drop log: one line per sample, appended so that the file is complete if the run stops
module droplog
  implicit none
  character(len=*), parameter :: logfile = 'drops.log'
contains
  subroutine log_start(n)
    integer, intent(in) :: n
    integer :: u
    open(newunit=u, file=logfile, status='replace', action='write')
    write(u, '(a,i0,a)') '# ', n, ' drops: drop t z v'
    close(u)
  end subroutine log_start

  subroutine log_sample(drop, t, z, v)
    integer, intent(in) :: drop
    real(8), intent(in) :: t, z, v
    integer :: u
    open(newunit=u, file=logfile, position='append', action='write')
    write(u, '(i3,f9.3,2es17.8)') drop, t, z, v
    close(u)
  end subroutine log_sample
end module droplog
