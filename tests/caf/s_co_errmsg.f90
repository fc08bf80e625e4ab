! Collectives with ERRMSG=, which gfortran 12 passes by value (shifting
! the arguments after it): the results stay right, including character
! lengths of kind 1 and 4 and a CO_REDUCE on characters, and a collective
! that meets a stopped image sets STAT= instead of crashing.  ERRMSG=
! itself cannot be written (docs/coarrays.md).
program s_co_errmsg
  use, intrinsic :: iso_fortran_env, only: stat_stopped_image
  implicit none
  integer, parameter :: ucs4 = selected_char_kind('ISO_10646')
  character(len=3) :: c
  character(kind=ucs4, len=2) :: w
  character(len=40) :: msg
  integer :: me, n, s, x

  me = this_image()
  n = num_images()
  msg = 'untouched'

  c = achar(iachar('a') + me) // 'zz'
  call co_max(c, stat=s, errmsg=msg)
  call chk(c == achar(iachar('a') + n) // 'zz', 'co_max kind 1', 1501)

  ! Code points that order differently as bytes: 256 is 00 01 00 00 in
  ! memory and 2 is 02 00 00 00, so a byte-wise maximum picks 2.
  if (me == 1) then
    w = char(256, ucs4) // char(65, ucs4)
  else
    w = char(2, ucs4) // char(66, ucs4)
  end if
  call co_max(w, stat=s, errmsg=msg)
  call chk(iachar(w(1:1)) == 256, 'co_max kind 4', 1502)

  c = achar(iachar('a') + me) // 'yy'
  call co_reduce(c, bigger, stat=s, errmsg=msg)
  call chk(c == achar(iachar('a') + n) // 'yy', 'co_reduce character', 1503)

  x = me
  call co_sum(x, stat=s, errmsg=msg)
  call chk(x == n * (n + 1) / 2, 'co_sum', 1504)

  x = me
  call co_broadcast(x, n, stat=s, errmsg=msg)
  call chk(x == n, 'co_broadcast', 1505)

  ! The last image stops; the others meet it in CO_SUM.
  if (n > 1) then
    sync all
    if (me == n) stop
    x = 1
    call co_sum(x, stat=s, errmsg=msg)
    if (s /= stat_stopped_image) then
      print *, 'image', me, ': co_sum with a stopped image: stat', s
      error stop 1506
    end if
    if (msg /= 'untouched') then
      print *, 'image', me, ': errmsg written: ', trim(msg)
      error stop 1507
    end if
  end if
  if (me == 1) print '(a)', 'PASS co_errmsg'

contains

  pure function bigger(a, b) result(r)
    character(len=3), intent(in) :: a, b
    character(len=3) :: r
    r = max(a, b)
  end function bigger

  subroutine chk(ok, what, code)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    integer, intent(in) :: code
    if (.not. ok .or. s /= 0) then
      print *, 'image', me, ': ', what, ': stat', s
      error stop code
    end if
  end subroutine chk
end program s_co_errmsg
