package generator

import (
	"fmt"
	"strings"

	"github.com/gentest-go/gentest/internal/oracle"
)

// Component names a part of the generator that -no switches off, for
// ablation (Config.Disable). Components lists every one.
type Component string

// The components of the search (GRT's, the climbs, construction) and of
// the oracle and the output. The contracts, each its own component, are
// named by oracle.ContractNames.
const (
	Constants        Component = "constants"         // constant mining: the package's literals as inputs (GRT)
	Impurity         Component = "impurity"          // state fuzzing: mutators called on inputs (GRT)
	Elephant         Component = "elephant"          // the elephant brain: values pooled by run-time type (GRT)
	Detective        Component = "detective"         // on-demand construction of inputs from other packages (GRT)
	Orienteering     Component = "orienteering"      // cost-guided input selection (GRT)
	Bloodhound       Component = "bloodhound"        // coverage-guided operation selection (GRT)
	LocalSearch      Component = "local-search"      // the climbs on stalled branches (AVM on literals)
	InputToState     Component = "input-to-state"    // inputs replaced by the values they are compared with
	DSE              Component = "dse"               // dynamic symbolic execution on stalled branches (needs z3)
	Sentences        Component = "sentences"         // inputs grown from the lexer's tokens until parse-like functions accept them
	Construct        Component = "construct"         // values from construction facts, and EvoObj templates
	ConfigVars       Component = "config-vars"       // assignments to the package's exported boolean variables
	ConfigFields     Component = "config-fields"     // assignments to exported boolean fields after a constructor
	InterfaceResults Component = "interface-results" // calls of the methods of interfaces the package returns
	Fuzz             Component = "fuzz"              // FuzzXxx targets in the written file
	Contracts        Component = "contracts"         // every contract check (oracle.Contracts)
	BinaryVariants   Component = "binary-variants"   // the judge's replay on copies of the executor
	Mutation         Component = "mutation"          // mutants compiled into the executor: weak mutation goals, assertions chosen by the mutants they kill
	Complement       Component = "complement"        // with own tests: measure them first, write only tests that add coverage or kill a mutant they miss
	MutationAsserts  Component = "mutation-asserts"  // the judge's choice of observers by the mutants they kill (kills are still measured)
	// Smart selection's criteria beyond branches, each a goal of the
	// search's archive; on only when the executor has mutants.
	WeakMutation Component = "weakmutation" // infected mutants as goals, targeted once their block is reached
	Output       Component = "output"       // each class of each operation's results (nil, zero, empty, true...) as a goal
	Exception    Component = "exception"    // each operation's panic sites and error types as goals
	Method       Component = "method"       // each operation returning normally as a goal
	// PureRepeat is the contract that checks a pure call repeated gives
	// an equal result; it is one of oracle.ContractNames.
	PureRepeat Component = "pure-repeat"
)

// Components lists every component -no accepts, in the order gentest gen
// -h names them: the search's, the oracle's and the output's, then each
// contract (oracle.ContractNames).
var Components = components()

func components() []Component {
	list := []Component{Constants, Impurity, Elephant, Detective, Orienteering, Bloodhound, LocalSearch,
		InputToState, DSE, Sentences, Construct, ConfigVars, ConfigFields, InterfaceResults, Fuzz, Contracts, BinaryVariants, Mutation,
		Complement, WeakMutation, Output, Exception, Method, MutationAsserts}
	for _, c := range oracle.ContractNames {
		list = append(list, Component(c))
	}
	return list
}

// ComponentNames is Components as text, for -h.
func ComponentNames() []string {
	names := make([]string, len(Components))
	for i, c := range Components {
		names[i] = string(c)
	}
	return names
}

// ParseDisable parses the -no list, comma-separated component names.
func ParseDisable(list string) (map[Component]bool, error) {
	m := map[Component]bool{}
	for _, name := range strings.Split(list, ",") {
		c := Component(strings.TrimSpace(name))
		if c == "" {
			continue
		}
		if !c.known() {
			return nil, fmt.Errorf("-no: unknown component %q (known: %s)", c, strings.Join(ComponentNames(), ", "))
		}
		m[c] = true
	}
	return m, nil
}

func (c Component) known() bool {
	for _, k := range Components {
		if c == k {
			return true
		}
	}
	return false
}

// disabledNames is Config.Disable as the names oracle.Contracts reads.
func (c *Config) disabledNames() map[string]bool {
	m := make(map[string]bool, len(c.Disable))
	for k, v := range c.Disable {
		m[string(k)] = v
	}
	return m
}
