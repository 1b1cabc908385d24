package sysmem

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
)

const treeSupported = true

// treeSampler lists a process tree and the resident sets of its processes,
// sample after sample. Reading every process's and every thread's /proc
// files afresh each time (open, stat, two reads and a close per file, and
// a directory listing per process) cost the 50 ms watch more CPU than
// gentest's search: a Go process has tens of threads, and a child belongs
// to the thread that started it, so each thread's children file has to be
// read. The sampler keeps the files it reads open and rereads them with
// one pread each, and reads children lists only when a process may have
// been created since the last sample: /proc/loadavg names the last process
// or thread created in the PID namespace, and while it stays the same no
// process of the tree can have a child it did not have before. The
// resident set of every process of the tree is still read at every
// sample, so the peaks are those the plain walk would see.
type treeSampler struct {
	root    int
	procs   map[int]*treeProc
	loadavg *os.File
	lastPID string // /proc/loadavg's last PID at the last walk of children
	// walks counts walks of children lists; every relistEvery-th one
	// lists every process's threads again (see treeProc.threads).
	walks int
	// noTaskChildren is set where the kernel has no
	// /proc/<pid>/task/<tid>/children: the children then come from the
	// parent field of every process's stat.
	noTaskChildren bool
	buf            []byte
}

// relistEvery is how many walks of children lists pass between listings of
// the threads of processes whose thread count did not change.
const relistEvery = 20

// treeProc is one process of the tree with its open /proc files.
type treeProc struct {
	stat *os.File // /proc/<pid>/stat: command name, thread count, RSS
	// tasks are the children files of its threads, listed when the
	// process had threads threads: a thread that started a child and
	// exited would leave its children to the process's other threads.
	tasks    []*os.File
	threads  int
	children []int // at the last walk
	seen     bool  // in the tree at the current sample
}

func newTreeSampler(root int) *treeSampler {
	s := &treeSampler{root: root, procs: map[int]*treeProc{}, buf: make([]byte, 4096)}
	if _, err := os.Stat("/proc/self/task/" + strconv.Itoa(os.Getpid()) + "/children"); err != nil {
		s.noTaskChildren = true
	}
	s.loadavg, _ = os.Open("/proc/loadavg")
	return s
}

// close closes every file the sampler holds.
func (s *treeSampler) close() {
	for pid, p := range s.procs {
		p.close()
		delete(s.procs, pid)
	}
	if s.loadavg != nil {
		s.loadavg.Close()
	}
}

func (p *treeProc) close() {
	p.stat.Close()
	p.closeTasks()
}

func (p *treeProc) closeTasks() {
	for _, f := range p.tasks {
		f.Close()
	}
	p.tasks = nil
}

// pread reads f from its start into s.buf, falling back to reading it
// whole by name when it does not fit.
func (s *treeSampler) pread(f *os.File) ([]byte, error) {
	n, err := f.ReadAt(s.buf, 0)
	if err != nil && err != io.EOF {
		return nil, err
	}
	if n == len(s.buf) {
		return os.ReadFile(f.Name())
	}
	return s.buf[:n], nil
}

// newPIDs reports whether a process or thread may have been created since
// the last walk of children lists (always, where /proc/loadavg cannot be
// read).
func (s *treeSampler) newPIDs() bool {
	if s.loadavg == nil {
		return true
	}
	b, err := s.pread(s.loadavg)
	if err != nil {
		return true
	}
	f := bytes.Fields(b)
	if len(f) < 5 {
		return true
	}
	last := string(f[4])
	if last == s.lastPID {
		return false
	}
	s.lastPID = last
	return true
}

// sample lists the root and its live descendants with their resident sets.
func (s *treeSampler) sample() []procRSS {
	walk := len(s.procs) == 0 || s.newPIDs()
	relist := false
	var parents map[int][]int
	if walk {
		s.walks++
		relist = s.walks%relistEvery == 0
		if s.noTaskChildren {
			parents = parentMap()
		}
	}
	for _, p := range s.procs {
		p.seen = false
	}
	var out []procRSS
	queue := []int{s.root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		p := s.procs[pid]
		if p != nil && p.seen {
			continue
		}
		if p == nil {
			f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/stat")
			if err != nil {
				continue // exited
			}
			p = &treeProc{stat: f}
			s.procs[pid] = p
		}
		b, err := s.pread(p.stat)
		if err != nil {
			continue // exited: dropped below
		}
		comm, threads, rss, ok := parseStat(b)
		if !ok {
			continue
		}
		p.seen = true
		out = append(out, procRSS{pid: pid, comm: comm, rss: rss})
		if walk {
			switch {
			case s.noTaskChildren:
				p.children = parents[pid]
			default:
				if relist || threads != p.threads || p.tasks == nil {
					p.listTasks(pid)
					p.threads = threads
				}
				p.children = s.taskChildren(p, pid)
			}
		}
		queue = append(queue, p.children...)
	}
	for pid, p := range s.procs {
		if !p.seen {
			p.close()
			delete(s.procs, pid)
		}
	}
	return out
}

// listTasks opens the children file of every thread of the process.
func (p *treeProc) listTasks(pid int) {
	p.closeTasks()
	dir := "/proc/" + strconv.Itoa(pid) + "/task/"
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, t := range tasks {
		if f, err := os.Open(dir + t.Name() + "/children"); err == nil {
			p.tasks = append(p.tasks, f)
		}
	}
}

// taskChildren reads the children of every thread of p; a thread gone
// since the listing makes the next walk list them again.
func (s *treeSampler) taskChildren(p *treeProc, pid int) []int {
	var out []int
	for _, f := range p.tasks {
		b, err := s.pread(f)
		if err != nil {
			p.threads = -1
			continue
		}
		for _, w := range bytes.Fields(b) {
			if c, err := strconv.Atoi(string(w)); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// parseStat reads the command name, the thread count and the resident set
// in bytes from a /proc/<pid>/stat line. The name (field 2) may hold spaces
// and parentheses: the fields are counted from the last ')'.
func parseStat(b []byte) (comm string, threads int, rss int64, ok bool) {
	i, j := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if i < 0 || j < i {
		return "", 0, 0, false
	}
	f := bytes.Fields(b[j+1:])
	// After the name: state is field 3, num_threads field 20, rss field
	// 24 (in pages, the resident count of /proc/<pid>/statm).
	if len(f) < 22 {
		return "", 0, 0, false
	}
	threads, err1 := strconv.Atoi(string(f[17]))
	pages, err2 := strconv.ParseInt(string(f[21]), 10, 64)
	if err1 != nil || err2 != nil {
		return "", 0, 0, false
	}
	return string(b[i+1 : j]), threads, pages * int64(os.Getpagesize()), true
}

// parentMap maps each live process to its children, from /proc/*/stat.
func parentMap() map[int][]int {
	m := map[int][]int{}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return m
	}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The command name (field 2) may hold spaces and parentheses:
		// count fields after the last ')'.
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 2 {
			continue
		}
		if ppid, err := strconv.Atoi(f[1]); err == nil {
			m[ppid] = append(m[ppid], pid)
		}
	}
	return m
}
