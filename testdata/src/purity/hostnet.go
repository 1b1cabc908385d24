package purity

import "net"

// Reading the host's network interfaces is a query of the host, like
// reading /proc/net: nondeterministic (each machine has its own), but it
// sends nothing on a network. net.Interfaces also refreshes the net
// package's zone cache, a package variable.
func HardwareAddrs() []string { // want HardwareAddrs:"^writes-global io io:fs-read nondeterministic$"
	ifs, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var out []string
	for _, i := range ifs {
		out = append(out, i.HardwareAddr.String())
	}
	return out
}
