package generator

// The binary variants of the judge: executors started on copies of the
// executable that differ in size and content.

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gentest-go/gentest/internal/executor"
)

// binaryVariants is the number of differently built executor copies the
// judge's sequences run on (oracle.JudgeOptions.Variants). A value that
// depends on the binary through one bit of a hash of it (detrand's choice
// of space) agrees with the executor's in a copy one time in two, so n
// copies miss it one time in 2^n; verification's two builds then catch
// three in four of what is left. Each copy costs one executor start and
// one run of the judged sequences, without the in-process repeat.
const binaryVariants = 4

// variantPad is the padding appended to the executor to make its first
// copy; copy i gets (i+1)*variantPad+i bytes. Every copy has another
// size (which detrand hashes), and a hash that reads samples at fractions
// of the size (detrand's eight) reads every sample but the first at
// another offset in each.
const variantPad = 4096 + 7

// variantRunners starts one executor on each of n copies of exe that differ
// from it, and from each other, in size and content: the copy's bytes
// followed by padding, which the loader ignores (ELF and PE map segments
// by their headers; trailing bytes are never mapped). No build or link is
// needed, and the code that runs is the executor's own, so only what reads
// the executable file (its size, samples of its bytes, its path) can tell
// the copies apart. The copies live in the run's work directory; closeAll
// stops their executors.
// A copy that cannot be made or started is left out with a log line: the
// check is an extra, not a condition of the run.
func (r *pkgRun) variantRunners(ctx context.Context, exe string, n int) (runners []executor.Runner, closeAll func()) {
	var pools []*executor.Pool
	closeAll = func() {
		for _, p := range pools {
			p.Close()
		}
	}
	if n <= 0 {
		return nil, closeAll
	}
	t0 := time.Now()
	dir := filepath.Join(r.work, "variants")
	for i := range n {
		vdir := filepath.Join(dir, fmt.Sprint(i))
		scratch := filepath.Join(vdir, "scratch")
		if err := os.MkdirAll(scratch, 0o700); err != nil {
			r.logf("binary variant %d: %v", i, err)
			continue
		}
		vexe := filepath.Join(vdir, filepath.Base(exe))
		if err := paddedCopy(exe, vexe, (i+1)*variantPad+i); err != nil {
			r.logf("binary variant %d: %v", i, err)
			continue
		}
		p, err := executor.Start(ctx, r.executorConfig(vexe, scratch, 1))
		if err != nil {
			r.logf("binary variant %d: %v", i, err)
			continue
		}
		pools = append(pools, p)
		runners = append(runners, p)
	}
	r.debugf("started %d binary variants in %.2fs", len(runners), time.Since(t0).Seconds())
	return runners, closeAll
}

// paddedCopy copies the executable src to dst and appends pad bytes of a
// fixed pattern.
func paddedCopy(src, dst string, pad int) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copying the executor: %w", err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		return fmt.Errorf("copying the executor: %w", err)
	}
	defer func() {
		if cerr := out.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("copying the executor: %w", cerr)
		}
	}()
	if _, err := io.Copy(out, in); err != nil {
		return fmt.Errorf("copying the executor: %w", err)
	}
	b := make([]byte, pad)
	for i := range b {
		b[i] = byte(i*131 + pad)
	}
	if _, err := out.Write(b); err != nil {
		return fmt.Errorf("copying the executor: %w", err)
	}
	return nil
}
