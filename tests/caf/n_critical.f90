! CRITICAL entered by an image that then ends inside it.  With no
! argument (caf.test): image 1 passes through the construct and at once
! stops while the others wait to enter; they enter, and only the PASS
! line is printed.  Usage: n_critical [stop|fail]: image 1 stops (or
! fails) inside the construct while the others wait to enter; the
! program ends in error with one line from the runtime (gfortran 12
! gives CRITICAL no STAT=).
program n_critical
  use iso_fortran_env
  implicit none
  integer(atomic_int_kind) :: inside[*] = 0
  integer :: me, n, k, tries
  character(len=8) :: how

  call get_command_argument(1, how)
  me = this_image()
  n = num_images()
  if (how == '') then
    ! Left before its image ended: the others enter.
    call critical_section()
    if (me == 1) then
      if (n == 1) print '(a)', 'PASS critical'
      stop
    end if
    sync images ([(k, k = 2, n)])
    if (me == 2) print '(a)', 'PASS critical'
    stop
  end if
  if (me /= 1) then
    do tries = 1, 1000000
      call atomic_ref(k, inside)
      if (k /= 0) exit
      call sleep(0)
    end do
  end if
  call critical_section()
  ! After a failure, the image that found it released the construct and
  ! ends the program in error; another may enter before that.
  if (how == 'fail') stop
  error stop 'n_critical: a wait that can never end ended'
contains
  ! The one construct every image enters (each construct has a lock of
  ! its own).  With an argument, image 1 tells the others it is inside,
  ! then ends there.
  subroutine critical_section()
    integer :: j
    critical
      if (me == 1 .and. how /= '') then
        do j = 2, n
          call atomic_define(inside[j], 1)
        end do
        call end_inside(how)
      end if
      k = me
    end critical
  end subroutine critical_section

  ! Through a procedure: STOP and FAIL IMAGE may not appear in the
  ! construct's block itself.
  subroutine end_inside(how)
    character(len=*), intent(in) :: how
    if (how == 'fail') fail image
    stop
  end subroutine end_inside
end program n_critical
