! Collectives with ERRMSG=, which gfortran 12 passes by value (in
! registers up to 16 characters, else on the stack, moving the arguments
! after it): at each ERRMSG length the results stay right, including the
! character length of kind-1 and kind-4 CO_MAX and of a character
! CO_REDUCE, and a collective that meets a stopped image sets STAT=
! instead of crashing.  ERRMSG= itself cannot be written
! (docs/coarrays.md).
program s_co_errmsg
  use, intrinsic :: iso_fortran_env, only: stat_stopped_image
  implicit none
  integer, parameter :: ucs4 = selected_char_kind('ISO_10646')
  character(len=1) :: m1
  character(len=8) :: m8
  character(len=12) :: m12
  character(len=16) :: m16
  character(len=20) :: m20
  character(len=40) :: m40
  integer :: me, n, s

  me = this_image()
  n = num_images()
  m1 = 'u'; m8 = 'untouche'; m12 = 'untouched'; m16 = 'untouched'
  m20 = 'untouched'; m40 = 'untouched'

  call check_all(1)
  call check_all(8)
  call check_all(12)
  call check_all(16)
  call check_all(20)
  call check_all(40)

  ! The last image stops; the others meet it in CO_SUM, at each length.
  if (n > 1) then
    sync all
    if (me == n) stop
    call stopped(1)
    call stopped(8)
    call stopped(12)
    call stopped(16)
    call stopped(20)
    call stopped(40)
    if (m1 /= 'u' .or. m8 /= 'untouche' .or. m12 /= 'untouched' .or. &
        m16 /= 'untouched' .or. m20 /= 'untouched' .or. m40 /= 'untouched') then
      print *, 'image', me, ': an ERRMSG= variable was written'
      error stop 1507
    end if
  end if
  if (me == 1) print '(a)', 'PASS co_errmsg'

contains

  ! Every collective once, with the ERRMSG= variable of length len.
  subroutine check_all(len)
    integer, intent(in) :: len
    character(len=80) :: c
    character(kind=ucs4, len=2) :: w
    integer :: x

    ! character(len=80) with an ERRMSG of length 20: 80 = 4 * 20, so a
    ! length taken from the wrong place would look like kind 4.
    c = achar(iachar('a') + me) // 'zz'
    select case (len)
    case (1); call co_max(c, stat=s, errmsg=m1)
    case (8); call co_max(c, stat=s, errmsg=m8)
    case (12); call co_max(c, stat=s, errmsg=m12)
    case (16); call co_max(c, stat=s, errmsg=m16)
    case (20); call co_max(c, stat=s, errmsg=m20)
    case default; call co_max(c, stat=s, errmsg=m40)
    end select
    call chk(c == achar(iachar('a') + n) // 'zz', 'co_max kind 1', len, 1501)

    ! Code points that order differently as bytes: 256 is 00 01 00 00 in
    ! memory and 2 is 02 00 00 00, so a byte-wise maximum picks 2.
    if (me == 1) then
      w = char(256, ucs4) // char(65, ucs4)
    else
      w = char(2, ucs4) // char(66, ucs4)
    end if
    select case (len)
    case (1); call co_max(w, stat=s, errmsg=m1)
    case (8); call co_max(w, stat=s, errmsg=m8)
    case (12); call co_max(w, stat=s, errmsg=m12)
    case (16); call co_max(w, stat=s, errmsg=m16)
    case (20); call co_max(w, stat=s, errmsg=m20)
    case default; call co_max(w, stat=s, errmsg=m40)
    end select
    call chk(iachar(w(1:1)) == 256, 'co_max kind 4', len, 1502)

    c = achar(iachar('a') + me) // 'yy'
    select case (len)
    case (1); call co_reduce(c, bigger, stat=s, errmsg=m1)
    case (8); call co_reduce(c, bigger, stat=s, errmsg=m8)
    case (12); call co_reduce(c, bigger, stat=s, errmsg=m12)
    case (16); call co_reduce(c, bigger, stat=s, errmsg=m16)
    case (20); call co_reduce(c, bigger, stat=s, errmsg=m20)
    case default; call co_reduce(c, bigger, stat=s, errmsg=m40)
    end select
    call chk(c == achar(iachar('a') + n) // 'yy', 'co_reduce character', len, 1503)

    x = me
    select case (len)
    case (1); call co_sum(x, stat=s, errmsg=m1)
    case (8); call co_sum(x, stat=s, errmsg=m8)
    case (12); call co_sum(x, stat=s, errmsg=m12)
    case (16); call co_sum(x, stat=s, errmsg=m16)
    case (20); call co_sum(x, stat=s, errmsg=m20)
    case default; call co_sum(x, stat=s, errmsg=m40)
    end select
    call chk(x == n * (n + 1) / 2, 'co_sum', len, 1504)

    x = me
    select case (len)
    case (1); call co_broadcast(x, n, stat=s, errmsg=m1)
    case (8); call co_broadcast(x, n, stat=s, errmsg=m8)
    case (12); call co_broadcast(x, n, stat=s, errmsg=m12)
    case (16); call co_broadcast(x, n, stat=s, errmsg=m16)
    case (20); call co_broadcast(x, n, stat=s, errmsg=m20)
    case default; call co_broadcast(x, n, stat=s, errmsg=m40)
    end select
    call chk(x == n, 'co_broadcast', len, 1505)
  end subroutine check_all

  subroutine stopped(len)
    integer, intent(in) :: len
    integer :: x
    x = 1
    select case (len)
    case (1); call co_sum(x, stat=s, errmsg=m1)
    case (8); call co_sum(x, stat=s, errmsg=m8)
    case (12); call co_sum(x, stat=s, errmsg=m12)
    case (16); call co_sum(x, stat=s, errmsg=m16)
    case (20); call co_sum(x, stat=s, errmsg=m20)
    case default; call co_sum(x, stat=s, errmsg=m40)
    end select
    if (s /= stat_stopped_image) then
      print *, 'image', me, ': co_sum with a stopped image, errmsg length', len, ': stat', s
      error stop 1506
    end if
  end subroutine stopped

  pure function bigger(a, b) result(r)
    character(len=80), intent(in) :: a, b
    character(len=80) :: r
    r = max(a, b)
  end function bigger

  subroutine chk(ok, what, len, code)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    integer, intent(in) :: len, code
    if (.not. ok .or. s /= 0) then
      print *, 'image', me, ': ', what, ', errmsg length', len, ': stat', s
      error stop code
    end if
  end subroutine chk
end program s_co_errmsg
