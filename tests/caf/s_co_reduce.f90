! co_reduce with user functions taking VALUE or INTENT(IN) arguments, on
! integer (scalar and array), real(8), logical (.and.) and character(len=4)
! (pick the max), with and without result_image=, with stat=.
module s_co_reduce_ops
  implicit none
contains
  pure integer function iadd(a, b)
    integer, value :: a, b
    iadd = a + b
  end function iadd
  pure integer function imax(a, b)
    integer, intent(in) :: a, b
    imax = max(a, b)
  end function imax
  pure real(8) function radd(a, b)
    real(8), intent(in) :: a, b
    radd = a + b
  end function radd
  pure logical function land(a, b)
    logical, value :: a, b
    land = a .and. b
  end function land
  pure character(len=4) function cmax(a, b)
    character(len=4), intent(in) :: a, b
    cmax = a
    if (b > a) cmax = b
  end function cmax
end module s_co_reduce_ops

program s_co_reduce
  use s_co_reduce_ops
  implicit none
  integer :: me, n, j, i, s, iv, arr(4), earr(4), emax
  real(8) :: r, er
  logical :: l
  character(len=4) :: c, ec

  me = this_image()
  n = num_images()
  earr = 0; er = 0; ec = ''; emax = -huge(1)
  do j = 1, n
    earr = earr + [(j * i - i, i = 1, 4)]
    emax = max(emax, mod(j * 13, 10) - j)
    er = er + 0.5d0 * j - 3
    if (cw(j) > ec) ec = cw(j)
  end do
  s = -1
  iv = me; call co_reduce(iv, iadd, stat=s)
  if (iv /= n * (n + 1) / 2 .or. s /= 0) call fail('integer sum (value args)', iv, n * (n + 1) / 2, 1601)
  arr = [(me * i - i, i = 1, 4)]; call co_reduce(arr, iadd)
  do i = 1, 4
    if (arr(i) /= earr(i)) call fail('integer array sum', arr(i), earr(i), 1602)
  end do
  iv = mod(me * 13, 10) - me; call co_reduce(iv, imax)
  if (iv /= emax) call fail('integer max (intent(in) args)', iv, emax, 1603)
  r = 0.5d0 * me - 3; call co_reduce(r, radd, stat=s)
  if (r /= er .or. s /= 0) call fail('real(8) sum, *100', nint(r * 100), nint(er * 100), 1604)
  l = .true.; call co_reduce(l, land)
  if (.not. l) call fail('.and. of all true', 0, 1, 1605)
  l = me /= n; call co_reduce(l, land)
  if (l) call fail('.and. with the last image false', 1, 0, 1606)
  c = cw(me); call co_reduce(c, cmax)
  if (c /= ec) then
    print *, 'image', me, 'character max: got "', c, '" expected "', ec, '"'
    error stop 1607
  end if
  ! result_image=
  iv = me; call co_reduce(iv, iadd, result_image=n, stat=s)
  if (s /= 0 .or. (me == n .and. iv /= n * (n + 1) / 2)) &
    call fail('integer sum result_image', iv, n * (n + 1) / 2, 1608)
  c = cw(me); call co_reduce(c, cmax, result_image=1)
  if (me == 1 .and. c /= ec) call fail('character max result_image', 0, 1, 1609)
  sync all
  if (me == 1) print '(a)', 'PASS co_reduce'
contains
  character(len=4) function cw(j)
    integer, intent(in) :: j
    cw = achar(iachar('a') + mod(j * 5, 26)) // achar(iachar('a') + mod(j * 11 + 3, 26)) // &
         achar(iachar('A') + mod(j, 26)) // achar(iachar('0') + mod(j, 10))
  end function cw
  subroutine fail(what, got, want, code)
    character(len=*), intent(in) :: what
    integer, intent(in) :: got, want, code
    print *, 'image', me, trim(what), ': got', got, 'expected', want, 'stat', s
    error stop code
  end subroutine fail
end program s_co_reduce
