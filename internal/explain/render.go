package explain

import (
	"fmt"
	"html/template"
	"io"
	"os"
	"sort"
	"strings"
)

// WriteText writes the short report of one package: a line per function
// left (partly) uncovered with its statements covered, then its reasons.
func WriteText(w io.Writer, pkg string, r *Report) {
	if r == nil {
		return
	}
	if len(r.Functions) == 0 {
		fmt.Fprintf(w, "%s: every function is covered (%s)\n", pkg, r.Source)
		return
	}
	fmt.Fprintf(w, "%s: %d functions not fully covered (coverage from %s)\n", pkg, len(r.Functions), r.Source)
	for _, f := range r.Functions {
		fmt.Fprintf(w, "  %s (%s:%d): %d of %d statements\n", f.Name, baseName(f.File), f.Line, f.Covered, f.Statements)
		for _, reason := range f.Reasons {
			fmt.Fprintf(w, "    %s: %s\n", reason.Kind, reason.Message)
		}
	}
}

// Page is one package's report for the HTML view.
type Page struct {
	Package string
	Report  *Report
}

type htmlLine struct {
	N       int
	Text    string
	Class   string // cov, uncov, search or ""
	Reasons []Reason
}

type htmlFile struct {
	ID, Name string
	Lines    []htmlLine
}

type htmlPkg struct {
	Package   string
	Source    string
	Functions []Function
	Files     []htmlFile
}

// WriteHTML writes a self-contained page: per package, the list of
// functions with their reasons, and each source file with its statements
// coloured by coverage and the reasons beside the lines they are about.
func WriteHTML(w io.Writer, pages []Page) error {
	var pkgs []htmlPkg
	for pi, p := range pages {
		if p.Report == nil {
			continue
		}
		hp := htmlPkg{Package: p.Package, Source: p.Report.Source, Functions: p.Report.Functions}
		files := map[string][]Block{}
		for _, b := range p.Report.Blocks {
			files[b.File] = append(files[b.File], b)
		}
		reasons := map[string]map[int][]Reason{}
		for _, f := range p.Report.Functions {
			for _, r := range f.Reasons {
				file, line := r.File, r.Line
				if file == "" {
					file, line = f.File, f.Line
				}
				if reasons[file] == nil {
					reasons[file] = map[int][]Reason{}
				}
				reasons[file][line] = append(reasons[file][line], r)
			}
		}
		names := make([]string, 0, len(files))
		for n := range files {
			names = append(names, n)
		}
		sort.Strings(names)
		for fi, name := range names {
			src, err := os.ReadFile(name)
			if err != nil {
				return fmt.Errorf("explain: %w", err)
			}
			lines := strings.Split(string(src), "\n")
			class := make([]string, len(lines)+1)
			for _, b := range files[name] {
				c := "uncov"
				if b.Covered {
					c = "cov"
				} else if b.SearchOnly {
					c = "search"
				}
				for l := b.StartLine; l <= b.EndLine && l < len(class); l++ {
					// A line shared by blocks shows its worst coverage.
					if class[l] == "" || class[l] == "cov" {
						class[l] = c
					}
				}
			}
			hf := htmlFile{ID: fmt.Sprintf("p%df%d", pi, fi), Name: name}
			for i, text := range lines {
				hf.Lines = append(hf.Lines, htmlLine{N: i + 1, Text: text, Class: class[i+1], Reasons: reasons[name][i+1]})
			}
			hp.Files = append(hp.Files, hf)
		}
		pkgs = append(pkgs, hp)
	}
	return page.Execute(w, pkgs)
}

var page = template.Must(template.New("explain").Funcs(template.FuncMap{"base": baseName}).Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>gentest: what stayed uncovered</title>
<style>
body { font-family: sans-serif; margin: 1em 2em; }
pre, code, td.src { font-family: monospace; }
table.src { border-collapse: collapse; width: 100%; }
td.n { color: #888; text-align: right; padding-right: 1em; user-select: none; vertical-align: top; }
td.src { white-space: pre; vertical-align: top; }
tr.cov td.src { background: #dfd; }
tr.uncov td.src { background: #fdd; }
tr.search td.src { background: #ffd; }
td.why { font-size: 90%; color: #733; padding-left: 1em; vertical-align: top; }
td.why div { margin-bottom: .3em; }
.kind { font-weight: bold; }
.legend span { padding: 0 .5em; margin-right: 1em; }
</style></head><body>
<h1>What gentest's tests leave uncovered, and why</h1>
<p class="legend"><span style="background:#dfd">covered by the written tests</span><span style="background:#ffd">covered by the search, by no kept test</span><span style="background:#fdd">not covered</span></p>
{{range .}}<h2>{{.Package}}</h2>
<p>Coverage from {{.Source}}. {{len .Functions}} functions not fully covered:</p>
<ul>{{range .Functions}}<li><code>{{.Name}}</code> ({{base .File}}:{{.Line}}), {{.Covered}} of {{.Statements}} statements{{range .Reasons}}<br><span class="kind">{{.Kind}}</span>: {{.Message}}{{end}}</li>
{{end}}</ul>
{{range .Files}}{{$fid := .ID}}<h3 id="{{.ID}}">{{.Name}}</h3>
<table class="src">
{{range .Lines}}<tr class="{{.Class}}" id="{{$fid}}-{{.N}}"><td class="n">{{.N}}</td><td class="src">{{.Text}}</td><td class="why">{{range .Reasons}}<div><span class="kind">{{.Kind}}</span>: {{.Message}}</div>{{end}}</td></tr>
{{end}}</table>
{{end}}{{end}}</body></html>
`))
