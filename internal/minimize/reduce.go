package minimize

import (
	"cmp"
	"slices"
)

// Candidate is a test offered to Reduce.
type Candidate struct {
	// Len is the test's length in statements: among tests adding as much
	// coverage, the shorter one is kept.
	Len int
	// Cover is the coverage items of the test (CoverageOf's encoding, or
	// any other int64 items); order and duplicates do not matter.
	Cover []int64
	// BehaviourKey identifies what the test asserts (see BehaviourKey);
	// 0 means it asserts nothing of its own.
	BehaviourKey uint64
	// Kills lists the mutants the test kills (its assertions tell them
	// from the original, or it fails under them): goals next to
	// coverage, so that a test killing a mutant no other kept test kills
	// is kept although it adds no coverage. Order and duplicates do not
	// matter; nil for a test judged without mutants.
	Kills []int32
}

// testOverhead is what a test costs Reduce beyond its statements: its
// declaration, name and the check of its result, about two statements'
// worth, so that of a test for two items and two tests for one each,
// equally long, the one test is kept.
const testOverhead = 2

// goal is an item Reduce keeps covered: a coverage item (kill false) or
// a mutant killed (kill true, x the mutant's id).
type goal struct {
	x    int64
	kill bool
}

// Reduce returns the indices, ascending, of a subset of tests that covers
// every item any of them covers, kills every mutant any of them kills and
// asserts every behaviour any of them asserts.
//
// Coverage and kills are kept by weighted greedy set cover, a killed
// mutant counting as one item and a test costing its length plus
// testOverhead: repeatedly take the test that adds the most items not yet
// covered per statement it costs, ties going to the shorter test and then
// to the earlier one, until nothing adds coverage. What the suite should
// be small in is what a reader reads, its statements, not its count of
// tests: plain greedy takes one long test for eleven items over two short
// ones for six and five (encoding/csv's file grew by a tenth that way
// when kills became goals). Weighted greedy is within a logarithmic
// factor of the cheapest cover, and with the fixed tie-breaks it is
// deterministic. The tests whose every item the other kept tests
// cover then leave, longest first (dropRedundant): the cover is prime.
// Then every behaviour key not yet asserted by a kept
// test keeps the shortest (then earliest) test with that key, even if it
// adds no coverage: a test that pins a different result of the same code is
// worth having as a regression test.
func Reduce(tests []Candidate) []int {
	cost := func(i int) int { return max(tests[i].Len, 0) + testOverhead }
	// gain a per cost(i) against gain b per cost(j), in integers.
	cmpRate := func(a, i, b, j int) int { return cmp.Compare(a*cost(j), b*cost(i)) }
	covered := map[goal]bool{}
	kept := make([]bool, len(tests))
	// gain[i] is an upper bound of test i's new items: lazy greedy, since
	// a test's gain only shrinks as others are taken.
	gain := make([]int, len(tests))
	for i, t := range tests {
		gain[i] = len(t.Cover) + len(t.Kills)
	}
	newItems := func(i int) int {
		n := 0
		seen := map[goal]bool{}
		for _, g := range goals(tests[i]) {
			if !covered[g] && !seen[g] {
				seen[g] = true
				n++
			}
		}
		return n
	}
	better := func(i, j int) bool { // i before j at equal gain
		if tests[i].Len != tests[j].Len {
			return tests[i].Len < tests[j].Len
		}
		return i < j
	}
	for {
		best := -1
		for i := range tests {
			if kept[i] || gain[i] == 0 {
				continue
			}
			if best >= 0 {
				if c := cmpRate(gain[i], i, gain[best], best); c < 0 || (c == 0 && !better(i, best)) {
					continue // cannot beat best even at its bound
				}
			}
			gain[i] = newItems(i)
			if gain[i] == 0 {
				continue
			}
			if best < 0 {
				best = i
			} else if c := cmpRate(gain[i], i, gain[best], best); c > 0 || (c == 0 && better(i, best)) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		// best's gain is exact, and every other gain is an upper bound it
		// beat or tied with a worse tie-break: the true greedy choice.
		kept[best] = true
		for _, g := range goals(tests[best]) {
			covered[g] = true
		}
	}
	dropRedundant(tests, kept)
	asserted := map[uint64]bool{}
	for i, t := range tests {
		if kept[i] && t.BehaviourKey != 0 {
			asserted[t.BehaviourKey] = true
		}
	}
	pick := map[uint64]int{}
	var keys []uint64 // in order of first appearance: no map iteration
	for i, t := range tests {
		k := t.BehaviourKey
		if k == 0 || asserted[k] {
			continue
		}
		j, ok := pick[k]
		if !ok {
			keys = append(keys, k)
			pick[k] = i
		} else if better(i, j) {
			pick[k] = i
		}
	}
	for _, k := range keys {
		kept[pick[k]] = true
	}
	var out []int
	for i, k := range kept {
		if k {
			out = append(out, i)
		}
	}
	return out
}

// dropRedundant takes out of kept, one at a time, the tests whose every
// goal other kept tests also cover: greedy picks a test for the items it
// adds at the time, and tests picked after it may cover them all (a long
// test taken for ten items, then two shorter ones taking five each). Such
// a test covers nothing new and kills no mutant no other kept test kills.
// The longest are tried first (then the later), so that of two tests
// covering the same items the shorter stays; the result is a cover no test
// of which can leave (a prime cover), and depends only on the tests and
// their order.
func dropRedundant(tests []Candidate, kept []bool) {
	count := map[goal]int{}
	var order []int
	for i, k := range kept {
		if !k {
			continue
		}
		order = append(order, i)
		for _, g := range distinctGoals(tests[i]) {
			count[g]++
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if c := cmp.Compare(tests[b].Len, tests[a].Len); c != 0 {
			return c
		}
		return cmp.Compare(b, a)
	})
	for _, i := range order {
		gs := distinctGoals(tests[i])
		redundant := true
		for _, g := range gs {
			if count[g] < 2 {
				redundant = false
				break
			}
		}
		if !redundant {
			continue
		}
		kept[i] = false
		for _, g := range gs {
			count[g]--
		}
	}
}

// distinctGoals is goals(t) with each goal once, in first-seen order.
func distinctGoals(t Candidate) []goal {
	gs := goals(t)
	seen := make(map[goal]bool, len(gs))
	out := gs[:0]
	for _, g := range gs {
		if !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	return out
}

// goals lists t's coverage items, then its kills.
func goals(t Candidate) []goal {
	out := make([]goal, 0, len(t.Cover)+len(t.Kills))
	for _, x := range t.Cover {
		out = append(out, goal{x: x})
	}
	for _, m := range t.Kills {
		out = append(out, goal{x: int64(m), kill: true})
	}
	return out
}
