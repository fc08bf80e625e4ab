! Derived-type coarray with an allocatable array component of a different size on each image.
program x_dt_alloc_comp
  implicit none
  type :: t
    integer, allocatable :: a(:)
  end type t
  type(t) :: s[*]
  integer :: me, np, right, left, i, nr, v, fx(20), sec(10)
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  allocate(s%a(me + 2))
  s%a = [(me*100 + i, i = 1, me + 2)]
  sync all
  nr = right + 2                          ! size of the component on the right neighbour
  fx = -7
  fx(1:nr) = s[right]%a                   ! whole remote component into a fixed array
  do i = 1, 20
    v = -7
    if (i <= nr) v = right*100 + i
    if (fx(i) /= v) then
      print *, 'image', me, ': fixed get fx(', i, ')=', fx(i), 'expected', v
      error stop 1
    end if
  end do
  v = s[right]%a(2)                       ! single element
  if (v /= right*100 + 2) then
    print *, 'image', me, ': element get', v, 'expected', right*100 + 2
    error stop 2
  end if
  sec = 0
  sec(1:(nr + 1)/2) = s[right]%a(1:nr:2)  ! strided section of the remote component
  do i = 1, (nr + 1)/2
    if (sec(i) /= right*100 + 2*i - 1) then
      print *, 'image', me, ': strided get sec(', i, ')=', sec(i), 'expected', right*100 + 2*i - 1
      error stop 3
    end if
  end do
  v = s[left]%a(left + 2)                 ! last element on the left neighbour
  if (v /= left*100 + left + 2) then
    print *, 'image', me, ': last element get', v
    error stop 4
  end if
  sync all
  s[right]%a(1) = -me                     ! element put into the remote component
  s[left]%a(left + 2) = 1000*me           ! last element of the left neighbour's component
  sync all
  if (s%a(1) /= -left) then
    print *, 'image', me, ': element put a(1)=', s%a(1), 'expected', -left
    error stop 5
  end if
  if (s%a(me + 2) /= 1000*right) then
    print *, 'image', me, ': element put a(last)=', s%a(me + 2), 'expected', 1000*right
    error stop 6
  end if
  do i = 2, me + 1
    if (s%a(i) /= me*100 + i) then
      print *, 'image', me, ': untouched a(', i, ') changed to', s%a(i)
      error stop 7
    end if
  end do
  sync all
  s[right]%a(2:) = [(-i, i = 2, right + 2)]   ! section put covering the rest
  sync all
  if (any(s%a(2:) /= [(-i, i = 2, me + 2)])) then
    print *, 'image', me, ': section put a=', s%a
    error stop 8
  end if
  sync all
  if (me == 1) print '(a)', 'PASS dt_alloc_comp'
end program x_dt_alloc_comp
