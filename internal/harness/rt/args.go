package rt

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
)

// A statement's arguments: references to earlier results, and literals
// of the request converted to the parameters' types.

// args builds the arguments of a statement for its call iter (0 unless the
// statement repeats: ArgIndex literals depend on it).
func (e *executor) args(op *Op, st *Stmt, vals [][]any, iter int) ([]any, error) {
	if len(st.Args) != len(op.Params) {
		return nil, fmt.Errorf("%s: %d arguments for %d parameters", op.Name, len(st.Args), len(op.Params))
	}
	// The registry's closures copy their arguments out at once, so one
	// buffer serves every statement; runOnce clears it after the call.
	if cap(e.argBuf) < len(st.Args) {
		e.argBuf = make([]any, len(st.Args))
	}
	args := e.argBuf[:len(st.Args)]
	for k := range st.Args {
		a := &st.Args[k] // not a copy: an Arg with its literal is a hundred bytes
		if a.Kind == ArgRef {
			if a.Stmt < 0 || a.Stmt >= len(vals) || a.Result >= len(vals[a.Stmt]) {
				return nil, fmt.Errorf("%s: bad reference %d.%d", op.Name, a.Stmt, a.Result)
			}
			args[k] = vals[a.Stmt][a.Result]
			continue
		}
		lit := &a.Lit
		if a.Kind == ArgIndex {
			l := a.Lit.AtIndex(iter)
			lit = &l
		}
		v, err := litValue(lit, op.Params[k])
		if err != nil {
			return nil, fmt.Errorf("%s: argument %d: %w", op.Name, k, err)
		}
		args[k] = v
	}
	return args, nil
}

var (
	intType    = reflect.TypeOf(0)
	int64Type  = reflect.TypeOf(int64(0))
	stringType = reflect.TypeOf("")
	boolType   = reflect.TypeOf(false)
	floatType  = reflect.TypeOf(0.0)
)

// boxedInts holds the ints from -smallInts to smallInts-1 in interfaces:
// an int argument outside 0..255 (which the runtime boxes without
// allocating) would otherwise cost an allocation per call. Boxed ints are
// immutable, so calls can share them.
var boxedInts = func() []any {
	b := make([]any, 2*smallInts)
	for i := range b {
		b[i] = i - smallInts
	}
	return b
}()

const smallInts = 1024

// BoxInt returns x in an interface, shared with other calls for the ints
// from -1024 to 1023 (see boxedInts): the registry's closures box their
// int results with it.
func BoxInt(x int) any {
	if x >= -smallInts && x < smallInts {
		return boxedInts[x+smallInts]
	}
	return x
}

// litValue converts a literal to a value of type t.
func litValue(l *Lit, t reflect.Type) (any, error) {
	// The common unnamed types need no reflection.
	switch {
	case t == intType && l.Kind == LitInt:
		if l.I >= -smallInts && l.I < smallInts {
			return boxedInts[l.I+smallInts], nil
		}
		return int(l.I), nil
	case t == int64Type && l.Kind == LitInt:
		return l.I, nil
	case t == stringType && l.Kind == LitString:
		return l.S, nil
	case t == boolType && l.Kind == LitBool:
		return l.B, nil
	case t == floatType && l.Kind == LitFloat:
		return l.F, nil
	}
	if t.Kind() == reflect.Interface {
		// A literal for an interface parameter takes its default type.
		switch l.Kind {
		case LitNil, LitZero:
			return nil, nil
		case LitBool:
			return l.B, nil
		case LitInt:
			return int(l.I), nil
		case LitUint:
			return uint(l.U), nil
		case LitFloat:
			return l.F, nil
		case LitString:
			return l.S, nil
		case LitBytes:
			return []byte(l.S), nil
		}
		return nil, fmt.Errorf("literal kind %d for interface type %s", l.Kind, t)
	}
	v := reflect.New(t).Elem()
	if err := setLit(v, l); err != nil {
		return nil, err
	}
	return v.Interface(), nil
}

func setLit(v reflect.Value, l *Lit) error {
	t := v.Type()
	switch l.Kind {
	case LitNil, LitZero:
		return nil
	case LitBool:
		if t.Kind() == reflect.Bool {
			v.SetBool(l.B)
			return nil
		}
	case LitInt, LitUint:
		x := l.I
		if l.Kind == LitUint {
			x = int64(l.U)
		}
		// A literal the parameter's type cannot hold is refused, not
		// truncated: the generated test writes the literal as it is, and
		// Go rejects 91820 as a uint8.
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if (l.Kind == LitUint && l.U > math.MaxInt64) || v.OverflowInt(x) {
				return fmt.Errorf("literal %s overflows %s", litText(l), t)
			}
			v.SetInt(x)
			return nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			u := l.U
			if l.Kind == LitInt {
				if x < 0 {
					return fmt.Errorf("literal %d overflows %s", x, t)
				}
				u = uint64(x)
			}
			if v.OverflowUint(u) {
				return fmt.Errorf("literal %d overflows %s", u, t)
			}
			v.SetUint(u)
			return nil
		case reflect.Float32, reflect.Float64:
			v.SetFloat(float64(x))
			return nil
		}
	case LitFloat:
		switch t.Kind() {
		case reflect.Float32, reflect.Float64:
			if v.OverflowFloat(l.F) {
				return fmt.Errorf("literal %g overflows %s", l.F, t)
			}
			v.SetFloat(l.F)
			return nil
		}
	case LitString:
		if t.Kind() == reflect.String {
			v.SetString(l.S)
			return nil
		}
	case LitBytes:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte(l.S))
			return nil
		}
	case LitSlice:
		if t.Kind() == reflect.Slice {
			s := reflect.MakeSlice(t, len(l.Elems), len(l.Elems))
			for i := range l.Elems {
				if err := setLit(s.Index(i), &l.Elems[i]); err != nil {
					return err
				}
			}
			v.Set(s)
			return nil
		}
	}
	return fmt.Errorf("literal kind %d does not fit type %s", l.Kind, t)
}

func litText(l *Lit) string {
	if l.Kind == LitUint {
		return strconv.FormatUint(l.U, 10)
	}
	return strconv.FormatInt(l.I, 10)
}
