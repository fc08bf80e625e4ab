! placeholder (issue 21)
module paradbg_dap
end module
