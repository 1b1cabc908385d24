package instrument

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"testing"
)

// coverBlocks runs go tool cover on a file and returns its blocks as
// "startLine.startCol,endLine.endCol n" strings.
func coverBlocks(t *testing.T, path string) []string {
	t.Helper()
	cmd := exec.Command("go", "tool", "cover", "-mode=set", "-var=GoCover", path)
	cmd.Env = goEnv()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go tool cover %s: %v", path, err)
	}
	pos := regexp.MustCompile(`(?m)^\s*(\d+), (\d+), (0x[0-9a-f]+), // \[\d+\]$`).FindAllStringSubmatch(string(out), -1)
	nst := regexp.MustCompile(`(?m)^\s*(\d+), // (\d+)$`).FindAllStringSubmatch(string(out), -1)
	if len(pos) != len(nst) {
		t.Fatalf("cover output of %s: %d positions, %d statement counts", path, len(pos), len(nst))
	}
	var res []string
	for i, p := range pos {
		packed, _ := strconv.ParseUint(p[3], 0, 32)
		res = append(res, fmt.Sprintf("%s.%d,%s.%d %s", p[1], packed&0xffff, p[2], packed>>16, nst[i][1]))
	}
	sort.Strings(res)
	return res
}

// TestBlocksMatchCover checks that blocks are cover's blocks.
func TestBlocksMatchCover(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "testdata", "instrument", "fixture")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	srcs := map[string]string{}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		srcs[e.Name()] = string(b)
	}
	srcs["extra.go"] = extraSrc
	_, tab := instrumentFiles(t, srcs)
	mine := map[string][]string{}
	for _, b := range tab.Blocks {
		name := filepath.Base(b.File)
		mine[name] = append(mine[name], fmt.Sprintf("%d.%d,%d.%d %d", b.StartLine, b.StartCol, b.EndLine, b.EndCol, b.NumStmt))
	}
	tmp := t.TempDir()
	for name, src := range srcs {
		path := filepath.Join(tmp, name)
		if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
		want := coverBlocks(t, path)
		got := mine[name]
		sort.Strings(got)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: blocks differ from go tool cover:\ngot  %v\nwant %v", name, got, want)
		}
	}
}

// extraSrc has statements the fixture lacks.
const extraSrc = `package fixture

func extra(x int, ch chan int) (r int) {
	if x > 0 {
		r = 1
	} else if x < -5 {
		r = 2
	} else {
		r = 3
	}
	{
		r++
	}
	select {
	case v := <-ch:
		r += v
	case ch <- 1:
	default:
	}
	switch {
	}
	defer func() { r++ }()
	for range ch {
		break
	}
	if x == 99 {
		panic("x")
	}
lab:
	if r > 1000 {
		goto lab
	}
	return r
}
`
