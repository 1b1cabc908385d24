package enums // want package:`6 consts; enums.Color\{Red=0,Green=1,Blue=2\}; enums.Level\{Debug="debug",Info="info",warn="warn"\}`
// This package declares typed enums whose constants importers compare with.

// Color is an int enum declared with iota.
type Color int

const (
	Red Color = iota
	Green
	Blue
)

// Level is a string enum; its constants come from more than one block.
type Level string

const Debug Level = "debug"

const (
	Info Level = "info"
	warn Level = "warn"
)

// Name switches over its receiver, so the case values carry enum names.
func (c Color) Name() string { // want Name:`0:enums.Color=enums.Red == switch, 1:enums.Color=enums.Green == switch, "green":string`
	switch c {
	case Red:
		return "red"
	case Green:
		return "green"
	}
	return "other"
}

// Warn exists so the unexported constant is used.
func Warn() Level { // want Warn:`"warn":enums.Level=enums.warn`
	return warn
}
