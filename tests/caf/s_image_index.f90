! this_image(), num_images(), this_image(coarray), image_index, lcobound,
! ucobound on coarrays with two codimensions [2,*] and [-1:0,5:*].
program s_image_index
  implicit none
  integer :: x[2,*]
  real :: y(3)[-1:0, 5:*]
  integer :: me, n, ncol, c(2), j, k, want, right, rc(2)

  me = this_image()
  n = num_images()
  ncol = (n + 1) / 2
  if (n < 1 .or. me < 1 .or. me > n) then
    print *, 'bad this_image/num_images', me, n
    error stop 101
  end if
  c = this_image(x)
  if (c(1) /= mod(me - 1, 2) + 1 .or. c(2) /= (me - 1) / 2 + 1) then
    print *, 'image', me, 'this_image(x) =', c
    error stop 102
  end if
  if (this_image(x, 1) /= c(1) .or. this_image(x, 2) /= c(2)) then
    print *, 'image', me, 'this_image(x,dim) =', this_image(x, 1), this_image(x, 2)
    error stop 103
  end if
  c = this_image(y)
  if (c(1) /= mod(me - 1, 2) - 1 .or. c(2) /= (me - 1) / 2 + 5) then
    print *, 'image', me, 'this_image(y) =', c
    error stop 104
  end if
  if (any(lcobound(x) /= [1, 1]) .or. any(ucobound(x) /= [2, ncol])) then
    print *, 'image', me, 'cobounds of x', lcobound(x), ucobound(x)
    error stop 105
  end if
  if (lcobound(y, 1) /= -1 .or. lcobound(y, 2) /= 5 .or. &
      ucobound(y, 1) /= 0 .or. ucobound(y, 2) /= ncol + 4) then
    print *, 'image', me, 'cobounds of y', lcobound(y), ucobound(y)
    error stop 106
  end if
  do k = 1, ncol
    do j = 1, 2
      want = (k - 1) * 2 + j
      if (want > n) want = 0
      if (image_index(x, [j, k]) /= want .or. image_index(y, [j - 2, k + 4]) /= want) then
        print *, 'image', me, 'image_index at', j, k, image_index(x, [j, k]), &
                 image_index(y, [j - 2, k + 4]), 'expected', want
        error stop 107
      end if
    end do
  end do
  ! cosubscripts outside the cobounds give 0 (j is a variable so that
  ! gfortran does not reject them at compile time)
  j = 2
  k = ncol + 1
  if (image_index(x, [j - j, 1]) /= 0 .or. image_index(x, [1, k]) /= 0 .or. &
      image_index(y, [j - 1, 5]) /= 0) then
    print *, 'image', me, 'image_index outside cobounds', image_index(x, [j - j, 1]), &
             image_index(x, [1, k]), image_index(y, [j - 1, 5])
    error stop 108
  end if
  ! data addressed through the cosubscripts of the right neighbour
  x = 1000 + me
  y = [real :: me, -me, 2 * me]
  sync all
  right = mod(me, n) + 1
  rc = [mod(right - 1, 2) + 1, (right - 1) / 2 + 1]
  if (x[rc(1), rc(2)] /= 1000 + right) then
    print *, 'image', me, 'x[', rc, '] =', x[rc(1), rc(2)], 'expected', 1000 + right
    error stop 109
  end if
  if (any(y(:)[rc(1) - 2, rc(2) + 4] /= [real :: right, -right, 2 * right])) then
    print *, 'image', me, 'y(:)[', rc(1) - 2, rc(2) + 4, '] =', y(:)[rc(1) - 2, rc(2) + 4]
    error stop 110
  end if
  sync all
  if (me == 1) print '(a)', 'PASS image_index'
end program s_image_index
