! Type and kind conversion between integer(1/2/4/8) and real(4/8) across images.
program x_convert_int_real
  implicit none
  integer, parameter :: n = 4
  integer(1) :: i1(n)[*], l1(n)
  integer(2) :: i2(n)[*], l2(n), s2
  integer(4) :: i4(n)[*], l4(n)
  integer(8) :: i8(n)[*], l8(n)
  real(4) :: r4(n)[*], lr4(n)
  real(8) :: r8(n)[*], lr8(n)
  integer :: me, np, right, left, k
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  ! local sources hold f(me,k) = (-1)**k * (4*me + k), exactly representable everywhere
  do k = 1, n
    l1(k) = int(f(me, k), 1); l2(k) = int(f(me, k), 2); l4(k) = f(me, k)
    l8(k) = f(me, k); lr4(k) = real(f(me, k), 4); lr8(k) = real(f(me, k), 8)
  end do
  sync all
  r8(:)[right] = l4(:)     ! integer(4) -> real(8)
  i8(:)[right] = l2(:)     ! integer(2) -> integer(8)
  i1(:)[right] = lr4(:)    ! real(4)    -> integer(1)
  r4(:)[right] = l8(:)     ! integer(8) -> real(4)
  i2(:)[right] = lr8(:)    ! real(8)    -> integer(2)
  i4(:)[right] = l1(:)     ! integer(1) -> integer(4)
  sync all
  do k = 1, n
    if (r8(k) /= real(f(left, k), 8) .or. i8(k) /= f(left, k) .or. i1(k) /= f(left, k) .or. &
        r4(k) /= real(f(left, k), 4) .or. i2(k) /= f(left, k) .or. i4(k) /= f(left, k)) then
      print *, 'image', me, ': put conversion k=', k, ' expected', f(left, k)
      print *, ' r8', r8(k), ' i8', i8(k), ' i1', i1(k), ' r4', r4(k), ' i2', i2(k), ' i4', i4(k)
      error stop 1
    end if
  end do
  sync all
  ! get direction: the coarrays now hold g(me,k) = f(me,k) + 0.75 * sign, real -> integer truncates toward zero
  do k = 1, n
    r4(k) = real(f(me, k), 4) + sign(0.75, real(f(me, k), 4))
    r8(k) = real(f(me, k), 8) + sign(0.75d0, real(f(me, k), 8))
    i1(k) = int(f(me, k), 1); i8(k) = -f(me, k)
  end do
  sync all
  l4(:) = r8(:)[right]     ! real(8) -> integer(4), truncation
  lr4(:) = i1(:)[right]    ! integer(1) -> real(4)
  l8(:) = r4(:)[right]     ! real(4) -> integer(8), truncation
  lr8(:) = i8(:)[right]    ! integer(8) -> real(8)
  s2 = r4(2)[right]        ! scalar real(4) -> integer(2)
  l1(:) = i8(:)[right]     ! integer(8) -> integer(1)
  do k = 1, n
    if (l4(k) /= f(right, k) .or. lr4(k) /= real(f(right, k), 4) .or. l8(k) /= f(right, k) .or. &
        lr8(k) /= -real(f(right, k), 8) .or. l1(k) /= -f(right, k)) then
      print *, 'image', me, ': get conversion k=', k, ' expected', f(right, k)
      print *, ' l4', l4(k), ' lr4', lr4(k), ' l8', l8(k), ' lr8', lr8(k), ' l1', l1(k)
      error stop 2
    end if
  end do
  if (s2 /= f(right, 2)) then
    print *, 'image', me, ': scalar get real(4)->integer(2) got', s2, 'expected', f(right, 2)
    error stop 3
  end if
  sync all
  if (me == 1) print '(a)', 'PASS convert_int_real'
contains
  integer function f(img, k)
    integer, intent(in) :: img, k
    f = (-1)**k * (4*img + k)
  end function f
end program x_convert_int_real
