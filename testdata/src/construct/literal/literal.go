package literal // want package:`\) literal.Hook struct lit\{Name:string\}\nliteral.Hooks slice lit\{\[\].Name:string\}\nliteral.Index map lit\{\[\].Path:string \[\].Methods:\[\]string\}\nliteral.Limits struct lit\{Max:int\}\nliteral.Pair array lit\{\[\].Max:int\}\nliteral.Route struct lit\{Path:string Methods:\[\]string\}\nliteral.Server struct lit\{Addr:string Limits:literal.Limits TLS:\*literal.TLSConfig Routes:\[\]literal.Route Peers:map\[string\]\*literal.Route Headers:literal.Header Hooks:literal.Hooks Origin:\*image.Point Next:\*literal.Server Inner.Level:int Meta:struct\{Owner string; Labels \[\]struct\{K string; V string\}\} Meta.Owner:string Meta.Labels:\[\]struct\{K string; V string\} Meta.Labels\[\].K:string Meta.Labels\[\].V:string Extra:\*struct\{Note string\} Extra.Note:string ByName:map\[string\]struct\{N int\} ByName\[\].N:int\}\nliteral.TLSConfig struct lit\{Cert:string Key:string\}\}$`
// This package holds expectations for the fields a composite literal
// can set from another package.

import "image"

// Server has exported fields of every shape and unexported ones.
type Server struct {
	Addr    string
	Limits  Limits            // a nested struct, in place
	TLS     *TLSConfig        // a pointer to a struct declared here
	Routes  []Route           // a slice of structs
	Peers   map[string]*Route // a map of pointers to structs
	Headers Header            // a named map type
	Hooks   Hooks             // a named slice type
	Origin  *image.Point      // another package's struct: not expanded
	opts    options           // unexported: not settable
	Next    *Server           // recursive: not expanded again
	Inner   inner             // exported field of an unexported struct type
	Hidden  *hidden           // a pointer to an unexported type
	Meta    struct {          // an unnamed struct: no entry of its own, nested here
		Owner  string
		Labels []struct{ K, V string }
	}
	Extra  *struct{ Note string }
	ByName map[string]struct{ N int }
}

type Limits struct {
	Max  int
	rate float64
}

type TLSConfig struct {
	Cert, Key string
}

type Route struct {
	Path    string
	Methods []string
}

type Header map[string][]string

// Index is a named map of structs.
type Index map[string]Route

type Hooks []Hook

type Hook struct{ Name string }

type options struct{ debug bool }

type inner struct{ Level int }

type hidden struct{ Secret string }

// Opaque has no exported field: only its zero literal.
type Opaque struct{ n int }

// Pair is an array type.
type Pair [2]Limits

// Celsius is a basic type: no literal with fields.
type Celsius float64
