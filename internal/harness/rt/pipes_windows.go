package rt

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// protocolPipes takes the request and result pipes whose handles the
// parent passed down (and only those: os/exec limits inheritance to the
// listed handles) and named in EnvPipes. Unlike fds 3 and 4 on Unix, the
// handle values are not fixed numbers that code under test might write to
// by accident. The variable is dropped from the environment so that the
// code under test, and the processes it may start, do not see it.
func protocolPipes() (in, out *os.File, err error) {
	v := os.Getenv(EnvPipes)
	os.Unsetenv(EnvPipes)
	a, b, ok := strings.Cut(v, ",")
	if !ok {
		return nil, nil, errors.New("started without its pipes (" + EnvPipes + " unset)")
	}
	hin, err1 := strconv.ParseUint(a, 10, 64)
	hout, err2 := strconv.ParseUint(b, 10, 64)
	if err1 != nil || err2 != nil {
		return nil, nil, fmt.Errorf("bad %s=%q", EnvPipes, v)
	}
	in, out = os.NewFile(uintptr(hin), "gentest-requests"), os.NewFile(uintptr(hout), "gentest-results")
	if in == nil || out == nil {
		return nil, nil, fmt.Errorf("bad %s=%q", EnvPipes, v)
	}
	return in, out, nil
}
