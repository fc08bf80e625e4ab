! A libgfortran runtime error on one image ends all of them.
program bounds
  implicit none
  integer :: a(4), i
  i = 4 + this_image()
  if (this_image() == num_images()) a(i) = 1
  sync all
  print *, a(1)
end program
