package generator

// The write stage: the test file, go.mod and go.sum when -cmp=always adds
// go-cmp, and the findings file.

import (
	"context"
	"path/filepath"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/findings"
	"github.com/gentest-go/gentest/internal/gomod"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/write"
)

// write writes the verified file out, go.mod and go.sum when it needs
// go-cmp and the module lacks it (only with -cmp=always: see chooseCmp),
// and the findings file with a test reproducing each finding of revealing
// it can; sum gets the findings so reproduced.
func (r *pkgRun) write(ctx context.Context, prog *model.Program, tf *testFile, out *emit.Output, revealing []*oracle.Finding, sum *Summary) error {
	if tf.required && out.UsesCmp {
		for path, data := range tf.modFiles {
			if err := write.File(path, data); err != nil {
				return err
			}
		}
		root := gomod.Root(r.dir)
		if _, ok := tf.modFiles[filepath.Join(root, "go.mod")]; ok {
			sum.AddedRequire = gomod.CmpPath + " " + tf.cmpVersion
			r.logf("added requirement %s %s to %s", gomod.CmpPath, tf.cmpVersion, filepath.Join(root, "go.mod"))
		} else {
			r.logf("added the hash of %s's source to %s", gomod.CmpPath, filepath.Join(root, "go.sum"))
		}
	}
	if err := write.File(r.out, out.Src); err != nil {
		return err
	}
	ftag := emit.FindingsTag
	if gomod.Older(tf.goVersion, "1.21") {
		// The findings file is rendered for a recent Go (it may use
		// slices and maps); behind its own tag, a go1.21 constraint
		// costs the user nothing.
		ftag += " && " + harness.MinGo
	}
	fopts := findings.Options{Prog: prog, MainFile: tf.inPkg, MainSrc: out.Src, Out: findings.Path(r.out),
		Reserved: tf.reserved, BuildTag: ftag, Verify: tf.base, Logf: r.debugf}
	fopts.Verify.Cover, fopts.Verify.Race, fopts.Verify.Shuffle = false, false, ""
	names, err := findings.Write(ctx, fopts, revealing)
	if err != nil {
		return err
	}
	// A finding is reported only with a test that reproduces it
	// (docs/findings.md).
	for _, f := range revealing {
		if names[f] != "" {
			sum.Findings = append(sum.Findings, Finding{Kind: f.Kind, Function: f.Function, Message: f.Message, Test: names[f]})
		}
	}
	return nil
}
