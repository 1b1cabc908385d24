package explain

import (
	"bufio"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/instrument"
)

// profBlock is one line of a cover profile.
type profBlock struct {
	sl, sc, el, ec int
	count          int
}

// ProfileBlocks reads a go test cover profile and marks the table's blocks
// it covers. The profile names files by import path and the table by
// absolute path; one package is one directory, so the base names match. A
// table block is covered when a profile block with a non-zero count
// contains its start: the instrumenter's blocks are cover's blocks, and
// containment also holds where a tool splits them differently.
func ProfileBlocks(profile string, table *instrument.Table) ([]bool, error) {
	f, err := os.Open(profile)
	if err != nil {
		return nil, fmt.Errorf("explain: %w", err)
	}
	defer f.Close()
	byFile := map[string][]profBlock{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	first := true
	for sc.Scan() {
		line := sc.Text()
		if first {
			first = false
			if strings.HasPrefix(line, "mode:") {
				continue
			}
		}
		i := strings.LastIndexByte(line, ':')
		if i < 0 {
			return nil, fmt.Errorf("explain: %s: bad line %q", profile, line)
		}
		var b profBlock
		var n int
		if _, err := fmt.Sscanf(line[i+1:], "%d.%d,%d.%d %d %d", &b.sl, &b.sc, &b.el, &b.ec, &n, &b.count); err != nil {
			return nil, fmt.Errorf("explain: %s: bad line %q: %w", profile, line, err)
		}
		name := path.Base(line[:i])
		byFile[name] = append(byFile[name], b)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("explain: %s: %w", profile, err)
	}
	out := make([]bool, len(table.Blocks))
	for _, tb := range table.Blocks {
		for _, pb := range byFile[filepath.Base(tb.File)] {
			if pb.count > 0 && contains(pb, tb.StartLine, tb.StartCol) {
				out[tb.ID] = true
				break
			}
		}
	}
	return out, nil
}

func contains(b profBlock, line, col int) bool {
	if line < b.sl || line > b.el {
		return false
	}
	if line == b.sl && col < b.sc {
		return false
	}
	if line == b.el && col >= b.ec {
		return false
	}
	return true
}
