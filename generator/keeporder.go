package generator

// Where the new tests of an update go among the kept ones (issue 35): a
// test written anew in place of an earlier one of its name (replaced by
// -run, or dropped because it failed on the changed code) takes that
// test's place, and any other new test goes next to the test a fresh run
// would write before it, so that the file's diff is the change and not a
// move of the rewritten tests to the end.

import "strings"

// mergeEntry is one declaration of the merged file, or the place of an
// earlier test that was not kept (slot), which a new test of its name
// fills.
type mergeEntry struct {
	text string
	// test is the test function's name; "" for a helper.
	test string
	// slot names the earlier test whose place this is while it is empty.
	slot string
}

// freshKey orders test names as emit writes them in a fresh file: test
// functions sorted by name (sort.Strings on emit's group names), each
// group's fuzz target (FuzzX) right after its test function (TestX) and
// before the next group (TestXPanics, TestX2).
func freshKey(name string) string {
	if rest, ok := strings.CutPrefix(name, "Fuzz"); ok {
		return "Test" + rest + "\x00"
	}
	return name
}

// mergeOrder returns the texts of the merged file's declarations: the
// kept ones (kept, a subsequence of all, the earlier file's declarations)
// in their order; a new test named like an earlier test that was not kept
// in that test's place; every other new test right after the test that
// precedes it in a fresh file's order (freshKey), or before the one that
// follows it when none precedes it; and the new file's helpers before the
// first test, where emit puts them. An earlier test's place no new test
// fills is left out.
func mergeOrder(all, kept, fresh []*oldDecl) []string {
	isKept := map[*oldDecl]bool{}
	for _, d := range kept {
		isKept[d] = true
	}
	var seq []mergeEntry
	for _, d := range all {
		switch {
		case isKept[d] && d.test:
			seq = append(seq, mergeEntry{text: d.text, test: d.name})
		case isKept[d]:
			seq = append(seq, mergeEntry{text: d.text})
		case d.test:
			seq = append(seq, mergeEntry{slot: d.name})
		}
	}
	var helpers []string
	for _, d := range fresh {
		if !d.test {
			helpers = append(helpers, d.text)
			continue
		}
		if i := slotOf(seq, d.name); i >= 0 {
			seq[i] = mergeEntry{text: d.text, test: d.name}
			continue
		}
		seq = insertAt(seq, neighbourPlace(seq, freshKey(d.name)), mergeEntry{text: d.text, test: d.name})
	}
	first := len(seq)
	for i, e := range seq {
		if e.test != "" {
			first = i
			break
		}
	}
	var texts []string
	for i, e := range seq {
		if i == first {
			texts = append(texts, helpers...)
		}
		if e.text != "" {
			texts = append(texts, e.text)
		}
	}
	if first == len(seq) {
		texts = append(texts, helpers...)
	}
	return texts
}

// slotOf is the index of the empty place of the earlier test named name,
// or -1.
func slotOf(seq []mergeEntry, name string) int {
	for i, e := range seq {
		if e.slot == name && e.text == "" {
			return i
		}
	}
	return -1
}

// neighbourPlace is the index a new test of order key key goes to: right
// after the test of seq with the greatest key below it (and the helpers
// after that test), else right before
// the test with the least key above it, else at the end.
func neighbourPlace(seq []mergeEntry, key string) int {
	pred, succ := -1, -1
	for i, e := range seq {
		if e.test == "" {
			continue
		}
		k := freshKey(e.test)
		if k < key && (pred < 0 || k > freshKey(seq[pred].test)) {
			pred = i
		}
		if k > key && (succ < 0 || k < freshKey(seq[succ].test)) {
			succ = i
		}
	}
	switch {
	case pred >= 0:
		// After the helpers that follow the predecessor too, which
		// belong with it in a file that holds them among the tests.
		i := pred + 1
		for i < len(seq) && seq[i].test == "" && seq[i].slot == "" {
			i++
		}
		return i
	case succ >= 0:
		return succ
	}
	return len(seq)
}

// insertAt inserts e into seq before index i.
func insertAt(seq []mergeEntry, i int, e mergeEntry) []mergeEntry {
	seq = append(seq, mergeEntry{})
	copy(seq[i+1:], seq[i:])
	seq[i] = e
	return seq
}
