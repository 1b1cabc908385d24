package rt

import "syscall"

// dup2 is dup2(2) by way of dup3(2): linux/arm64 and the other newer Linux
// ports have no dup2 system call, and syscall.Dup2 does not exist there.
// The descriptors are never equal here (dup3 fails on equal ones, dup2 does
// nothing).
func dup2(oldfd, newfd int) error { return syscall.Dup3(oldfd, newfd, 0) }
