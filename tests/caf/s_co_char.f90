! co_min/co_max on character(len=6) scalars and arrays (including trailing
! blanks), with and without result_image=, with stat=.
program s_co_char
  implicit none
  character(len=6) :: c, cmin, cmax, arr(3), amin(3), amax(3), w
  integer :: me, n, j, k, s

  me = this_image()
  n = num_images()
  cmin = achar(127) // achar(127) // achar(127) // achar(127) // achar(127) // achar(127)
  cmax = ''
  amin = cmin
  amax = ''
  do j = 1, n
    w = word(j)
    if (w < cmin) cmin = w
    if (w > cmax) cmax = w
    do k = 1, 3
      w = word(j * 3 + k)
      if (w < amin(k)) amin(k) = w
      if (w > amax(k)) amax(k) = w
    end do
  end do
  s = -1
  c = word(me); call co_max(c, stat=s)
  call chk(c, cmax, 'co_max scalar', 1401)
  c = word(me); call co_min(c)
  call chk(c, cmin, 'co_min scalar', 1402)
  arr = [(word(me * 3 + k), k = 1, 3)]; call co_max(arr)
  do k = 1, 3
    call chk(arr(k), amax(k), 'co_max array', 1403)
  end do
  arr = [(word(me * 3 + k), k = 1, 3)]; call co_min(arr, stat=s)
  do k = 1, 3
    call chk(arr(k), amin(k), 'co_min array', 1404)
  end do
  c = word(me); call co_max(c, result_image=n)
  if (me == n) call chk(c, cmax, 'co_max scalar result_image', 1405)
  arr = [(word(me * 3 + k), k = 1, 3)]; call co_min(arr(1:3:2), result_image=1, stat=s)
  if (me == 1) then
    call chk(arr(1), amin(1), 'co_min section result_image', 1406)
    call chk(arr(3), amin(3), 'co_min section result_image', 1407)
    call chk(arr(2), word(me * 3 + 2), 'element outside the section', 1408)
  end if
  sync all
  if (me == 1) print '(a)', 'PASS co_char'
contains
  ! a six-character word of image j: letters that vary with j, and for some
  ! j a shorter word padded with blanks
  function word(j) result(r)
    integer, intent(in) :: j
    character(len=6) :: r
    integer :: i
    r = ''
    do i = 1, 6 - mod(j, 3)
      r(i:i) = achar(iachar('a') + mod(j * (7 + i) + i * i, 26))
    end do
    if (mod(j, 4) == 0) r(1:1) = 'Z'
  end function word
  subroutine chk(got, want, what, code)
    character(len=*), intent(in) :: got, want, what
    integer, intent(in) :: code
    if (got /= want .or. s /= 0) then
      print *, 'image', me, trim(what), ': got "', got, '" expected "', want, '" stat', s
      error stop code
    end if
  end subroutine chk
end program s_co_char
