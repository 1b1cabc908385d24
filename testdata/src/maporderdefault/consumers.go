package maporderdefault

import (
	"fmt"
	"io"
	"log"
	"os/exec"
	"strconv"
	"strings"
)

// The classes below are decided by where the slice, or the text it is
// joined into, goes.

// Options are sent as HTTP headers by another part of the client.
type Options struct {
	Headers map[string]string
}

// SetSecrets joins the secrets into one header value, which the server
// parses back into a map: the text is stored, never shown, so its order
// is state (a listing), not output.
func (o *Options) SetSecrets(secrets map[string]string) {
	pairs := []string{}
	for k, v := range secrets {
		pairs = append(pairs, fmt.Sprintf("%v=%v", k, v))
	}
	if o.Headers == nil {
		o.Headers = map[string]string{}
	}
	o.Headers["X-Secrets"] = strings.Join(pairs, ",")
}

// Describe joins the same pairs into a description it returns: the text
// is output.
func (o *Options) Describe(secrets map[string]string) string {
	pairs := []string{}
	for k := range secrets { // want `slice built in map iteration order reaches output at strings.Join`
		pairs = append(pairs, k)
	}
	return "secrets: " + strings.Join(pairs, ",")
}

// Launcher starts a plugin process.
type Launcher struct {
	Versions map[int]bool
	Cmd      *exec.Cmd
}

// Prepare puts the supported versions into the plugin's environment,
// among other entries; the plugin splits and sorts them.
func (l *Launcher) Prepare() {
	var versions []string
	for v := range l.Versions {
		versions = append(versions, strconv.Itoa(v))
	}
	env := []string{
		"PLUGIN_MAGIC=1",
		fmt.Sprintf("PLUGIN_VERSIONS=%s", strings.Join(versions, ",")),
	}
	l.Cmd.Env = append(l.Cmd.Env, env...)
}

// Announce stores the same list and prints it: the print is output.
func (l *Launcher) Announce() {
	var versions []string
	for v := range l.Versions { // want `slice built in map iteration order reaches output at strings.Join`
		versions = append(versions, strconv.Itoa(v))
	}
	joined := strings.Join(versions, ",")
	l.Cmd.Env = append(l.Cmd.Env, "PLUGIN_VERSIONS="+joined)
	fmt.Println("offering versions", joined)
}

// Env returns the environment as k=v strings: an encoding of the map
// (SetEnv reads it back), not messages, and so a listing.
func (l *Launcher) Env(env map[string]string) []string {
	var out []string
	for k, v := range env {
		out = append(out, fmt.Sprintf("%v=%v", k, v))
	}
	return out
}

// Unknown returns a message for each unknown key: messages, whose order
// the user reads.
func (l *Launcher) Unknown(env map[string]string) []string {
	var out []string
	for k := range env { // want `slice built in map iteration order is a list of messages returned`
		if !strings.HasPrefix(k, "PLUGIN_") {
			out = append(out, fmt.Sprintf("unknown variable %q", k))
		}
	}
	return out
}

// problem is a finding of check.
type problem struct {
	key string
	err error
}

func (p problem) Error() string { return p.key + ": " + p.err.Error() }

// problems is unexported and lists an error per key; its callers here only
// count them, but a list of messages is reported even so: callers the
// check cannot see (another method reading them from state, a call
// through an interface) may show them.
func problems(m map[string]error) []problem {
	var out []problem
	for k, err := range m { // want `slice built in map iteration order is a list of messages returned at`
		if err != nil {
			out = append(out, problem{k, err})
		}
	}
	return out
}

// Count only counts the problems.
func Count(m map[string]error) int {
	return len(problems(m))
}

// faults is unexported like problems; Faults returns its messages.
func faults(m map[string]error) []problem {
	var out []problem
	for k, err := range m { // want `slice built in map iteration order is a list of messages returned at`
		if err != nil {
			out = append(out, problem{k, err})
		}
	}
	return out
}

// Faults returns the problems of m.
func Faults(m map[string]error) []problem {
	return faults(m)
}

// Warn logs each unknown key on a line of its own: the lines are read
// one at a time, and their order is not compared.
func (l *Launcher) Warn(env map[string]string) {
	var unknown []string
	for k := range env {
		if !strings.HasPrefix(k, "PLUGIN_") {
			unknown = append(unknown, k)
		}
	}
	for _, k := range unknown {
		log.Printf("unknown variable %s", k)
	}
}

// WarnAll logs the unknown keys in one line: the line's text changes
// with the order.
func (l *Launcher) WarnAll(env map[string]string) {
	var unknown []string
	for k := range env { // want `slice built in map iteration order reaches output at log.Printf`
		if !strings.HasPrefix(k, "PLUGIN_") {
			unknown = append(unknown, k)
		}
	}
	log.Printf("unknown variables %v", unknown)
}

// Pool holds connections by address.
type Pool struct {
	conns map[string]io.Writer
	out   io.Writer
}

func (p *Pool) all() []io.Writer {
	var ws []io.Writer
	for _, w := range p.conns {
		ws = append(ws, w)
	}
	return ws
}

// Close sends each connection its goodbye: each stream gets its own
// message, and none sees the order the connections were visited in.
func (p *Pool) Close() {
	for _, w := range p.all() {
		io.WriteString(w, "bye\n")
		w.Write([]byte("closed\n"))
	}
}

// Addrs writes the addresses, one a line, to one stream: its reader sees
// the order.
func (p *Pool) Addrs() {
	var addrs []string
	for a := range p.conns { // want `slice built in map iteration order reaches output at`
		addrs = append(addrs, a)
	}
	for _, a := range addrs {
		io.WriteString(p.out, a+"\n")
	}
}

// TrailerHeader is a response's header map, as net/http's Header.
type TrailerHeader map[string][]string

// setHeader stores one value under key: a helper that only stores what it
// is given into its caller's map.
func setHeader(h TrailerHeader, key, value string) {
	h[key] = []string{value}
}

// setHeaderVia stores through another such helper.
func setHeaderVia(h TrailerHeader, key, value string) {
	setHeader(h, key, value)
}

// writeHeader prints one header line: a helper that outputs what it is
// given.
func writeHeader(w io.Writer, key, value string) {
	fmt.Fprintf(w, "%s: %s\n", key, value)
}

// AnnounceTrailers names the trailers to come in the Trailer header,
// through a helper that stores the text into the response's map: the
// names are a set net/http looks up, state like a header set in place
// (connect's ErrorWriter), so the order is not reported.
func AnnounceTrailers(h TrailerHeader, trailers map[string][]string) {
	keys := make([]string, 0, len(trailers))
	for k := range trailers {
		keys = append(keys, k)
	}
	setHeader(h, "Trailer", strings.Join(keys, ","))
}

// AnnounceTrailersVia does the same through two helpers.
func AnnounceTrailersVia(h TrailerHeader, trailers map[string][]string) {
	keys := make([]string, 0, len(trailers))
	for k := range trailers {
		keys = append(keys, k)
	}
	setHeaderVia(h, "Trailer", strings.Join(keys, ","))
}

// AnnounceTrailersLocal stores the text through the helper into a map it
// made and prints that map: output.
func AnnounceTrailersLocal(trailers map[string][]string) {
	h := TrailerHeader{}
	keys := make([]string, 0, len(trailers))
	for k := range trailers { // want `slice built in map iteration order reaches output at strings.Join`
		keys = append(keys, k)
	}
	setHeader(h, "Trailer", strings.Join(keys, ","))
	fmt.Println(h)
}

// PrintTrailers passes the same text to a helper that prints it: output.
func PrintTrailers(w io.Writer, trailers map[string][]string) {
	keys := make([]string, 0, len(trailers))
	for k := range trailers { // want `slice built in map iteration order reaches output at strings.Join`
		keys = append(keys, k)
	}
	writeHeader(w, "Trailer", strings.Join(keys, ","))
}
