! Fixed-size 2-D array component of a derived-type coarray: rows, columns, sections.
program x_dt_2d_comp
  implicit none
  integer, parameter :: nr = 4, nc = 5
  type :: t
    integer :: tag
    integer :: m(nr, nc)
    real(8) :: d(3, 2)
  end type t
  type(t) :: s[*]
  integer :: row(nc), col(nr), blk(2, 3), me, np, right, left, i, j, e
  real(8) :: dc(3)
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  s%tag = me
  do j = 1, nc
    do i = 1, nr
      s%m(i, j) = f(me, i, j)
    end do
  end do
  s%d = reshape([(0.5d0*i + me, i = 1, 6)], [3, 2])
  sync all
  row = s[right]%m(2, :)
  col = s[right]%m(:, 3)
  blk = s[left]%m(1:3:2, 2:4)
  dc = s[right]%d(:, 2)
  do j = 1, nc
    if (row(j) /= f(right, 2, j)) then
      print *, 'image', me, ': row get m(2,', j, ')=', row(j), 'expected', f(right, 2, j)
      error stop 1
    end if
  end do
  do i = 1, nr
    if (col(i) /= f(right, i, 3)) then
      print *, 'image', me, ': column get m(', i, ',3)=', col(i), 'expected', f(right, i, 3)
      error stop 2
    end if
  end do
  do j = 1, 3
    do i = 1, 2
      if (blk(i, j) /= f(left, 2*i - 1, j + 1)) then
        print *, 'image', me, ': block get', i, j, blk(i, j), 'expected', f(left, 2*i - 1, j + 1)
        error stop 3
      end if
    end do
  end do
  if (any(dc /= [(0.5d0*i + right, i = 4, 6)]) .or. s[right]%m(nr, nc) /= f(right, nr, nc)) then
    print *, 'image', me, ': real column / element get', dc
    error stop 4
  end if
  sync all
  s[right]%m(3, 2:) = [(-(10*me + j), j = 2, nc)]  ! row put (leaves column 1 to the other writer)
  s[left]%m(:, 1) = [(-(100*me + i), i = 1, nr)]   ! column put
  sync all
  do j = 1, nc
    do i = 1, nr
      e = f(me, i, j)
      if (i == 3) e = -(10*left + j)
      if (j == 1) e = -(100*right + i)
      if (s%m(i, j) /= e) then
        print *, 'image', me, ': row/column put m(', i, ',', j, ')=', s%m(i, j), 'expected', e
        error stop 5
      end if
    end do
  end do
  if (s%tag /= me) error stop 6
  sync all
  if (me == 1) print '(a)', 'PASS dt_2d_comp'
contains
  integer function f(img, i, j)
    integer, intent(in) :: img, i, j
    f = 1000*img + 10*i + j
  end function f
end program x_dt_2d_comp
