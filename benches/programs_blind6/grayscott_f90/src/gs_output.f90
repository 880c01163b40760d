! Snapshots for the movie (gnuplot "matrix" files) and the run log
module gs_output
  use gs_params
  implicit none

contains

  ! write u and v of one snapshot to gs_NNNN.txt, one grid row per line
  subroutine write_snapshot(isnap, u, v)
    integer, intent(in) :: isnap
    real(dp), intent(in) :: u(:,:), v(:,:)
    character(len=32) :: fname
    integer :: unit, i, j
    write(fname, '(a,i4.4,a)') 'gs_', isnap, '.txt'
    open(newunit=unit, file=trim(fname), status='replace', action='write')
    write(unit, '(a,i0,a,i0)') '# u, then v; n = ', size(u, 1), ' snapshot ', isnap
    do j = 1, size(u, 2)
      write(unit, '(*(1x,es13.6))') (u(i, j), i = 1, size(u, 1))
    end do
    write(unit, '(a)') ''
    do j = 1, size(v, 2)
      write(unit, '(*(1x,es13.6))') (v(i, j), i = 1, size(v, 1))
    end do
    close(unit)
  end subroutine write_snapshot

  subroutine log_state(it, u, v)
    integer, intent(in) :: it
    real(dp), intent(in) :: u(:,:), v(:,:)
    write(*, '(a,i7,3(a,f14.10))') 'step', it, '  <u> =', sum(u) / size(u), &
         '  <v> =', sum(v) / size(v), '  vmax =', maxval(v)
  end subroutine log_state

end module gs_output
