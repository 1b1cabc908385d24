//go:build !unix && !windows

package rt

import (
	"errors"
	"os"
)

func protocolPipes() (in, out *os.File, err error) {
	in, out = os.NewFile(3, "gentest-requests"), os.NewFile(4, "gentest-results")
	if in == nil || out == nil {
		return nil, nil, errors.New("started without its pipes")
	}
	return in, out, nil
}
