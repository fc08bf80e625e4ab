! Sendget: a(:)[j] = b(:)[k] with j and k both different from this image (when possible).
program x_sendget
  implicit none
  integer, parameter :: n = 8
  integer :: a(n)[*], b(n)[*], c(2*n)[*], me, np, j, k, src, i, e
  real(8) :: r[*]
  integer :: iv[*]
  me = this_image(); np = num_images()
  j = mod(me, np) + 1          ! destination image: my right
  k = mod(me + 1, np) + 1      ! source image: my right's right
  b = [(100*me + i, i = 1, n)]
  iv = 7*me
  a = 0; c = -1; r = -1
  sync all
  a(:)[j] = b(:)[k]
  c(1:2*n:2)[j] = b(n:1:-1)[k]
  r[j] = iv[k]                 ! integer -> real(8) in a sendget
  sync all
  ! I was written by my left neighbour w; its k is mod(w+1,np)+1, which is my right
  src = mod(me, np) + 1
  do i = 1, n
    if (a(i) /= 100*src + i) then
      print *, 'image', me, ': sendget a(', i, ')=', a(i), 'expected', 100*src + i
      error stop 1
    end if
  end do
  do i = 1, 2*n
    e = -1
    if (mod(i, 2) == 1) e = 100*src + (n - (i - 1)/2)
    if (c(i) /= e) then
      print *, 'image', me, ': strided sendget c(', i, ')=', c(i), 'expected', e
      error stop 2
    end if
  end do
  if (r /= 7.0d0*src) then
    print *, 'image', me, ': converting sendget r=', r, 'expected', 7*src
    error stop 3
  end if
  sync all
  ! 2-hop chain: every image copies a 2-element window from image k into the end of c on image j
  c(2*n-1:2*n)[j] = a(2:3)[k]
  sync all
  ! the writer's k is my right neighbour, whose a(2:3) came from ITS right neighbour
  src = mod(mod(me, np) + 1, np) + 1
  if (c(2*n-1) /= 100*src + 2 .or. c(2*n) /= 100*src + 3) then
    print *, 'image', me, ': chained sendget c(2n-1:2n)=', c(2*n-1:2*n), 'expected', 100*src + 2, 100*src + 3
    error stop 4
  end if
  sync all
  if (me == 1) print '(a)', 'PASS sendget'
end program x_sendget
