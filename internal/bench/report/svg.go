package report

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/bench/result"
)

// Series is one line of a coverage-over-budget chart.
type Series struct {
	Name   string
	Points []result.CurvePoint
	// Bold draws the line thicker (the average).
	Bold bool
}

// palette is fixed so that the same input always draws the same chart.
var palette = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"}

const (
	svgW, svgH                         = 720, 420
	left, right, top, bottom           = 60, 220, 40, 50
	plotW, plotH                       = svgW - left - right, svgH - top - bottom
	minBudgetSec, maxBudgetSec         = 1.5, 80.0
	yMin, yMax                 float64 = 0, 100
)

// xPos maps a budget to x on a log scale: budgets 2..60 s span more than an
// order of magnitude and the early points matter most.
func xPos(d time.Duration) float64 {
	s := math.Max(d.Seconds(), minBudgetSec)
	return left + plotW*(math.Log(s)-math.Log(minBudgetSec))/(math.Log(maxBudgetSec)-math.Log(minBudgetSec))
}

func yPos(pct float64) float64 {
	return top + plotH*(1-(pct-yMin)/(yMax-yMin))
}

// WriteCurveSVG draws generated statement coverage over budget, one line
// per series. NA points leave a gap in the line.
func WriteCurveSVG(w io.Writer, title string, budgets []time.Duration, series []Series) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", svgW, svgH, svgW, svgH)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", svgW, svgH)
	fmt.Fprintf(&b, `<text x="%d" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", left, html.EscapeString(title))
	// Horizontal grid and y labels every 20%.
	for p := 0.0; p <= 100; p += 20 {
		y := yPos(p)
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", left, y, left+plotW, y)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%.0f%%</text>`+"\n", left-6, y, p)
	}
	for _, d := range budgets {
		x := xPos(d)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#eee"/>`+"\n", x, top, x, top+plotH)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%gs</text>`+"\n", x, top+plotH+18, d.Seconds())
	}
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#333"/>`+"\n", left, top, plotW, plotH)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">budget per package (log scale)</text>`+"\n", left+plotW/2, svgH-8)
	fmt.Fprintf(&b, `<text transform="translate(16 %d) rotate(-90)" text-anchor="middle">generated statement coverage</text>`+"\n", top+plotH/2)

	for i, s := range series {
		color := palette[i%len(palette)]
		width := 1.5
		if s.Bold {
			color, width = "#000", 3
		}
		var seg []string
		flush := func() {
			if len(seg) > 1 {
				fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="%g" points="%s"/>`+"\n", color, width, strings.Join(seg, " "))
			}
			seg = nil
		}
		for _, p := range s.Points {
			c, ok := p.Cov.Get()
			if !ok {
				flush()
				continue
			}
			x, y := xPos(p.Budget), yPos(c)
			seg = append(seg, fmt.Sprintf("%.1f,%.1f", x, y))
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%g" fill="%s"><title>%s %gs: %.1f%%</title></circle>`+"\n", x, y, width+1.5, color, html.EscapeString(s.Name), p.Budget.Seconds(), c)
		}
		flush()
		ly := top + 14 + 18*i
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="%g"/>`+"\n", left+plotW+12, ly, left+plotW+32, ly, color, width)
		fmt.Fprintf(&b, `<text x="%d" y="%d" dominant-baseline="middle">%s</text>`+"\n", left+plotW+38, ly, html.EscapeString(shorten(s.Name, 26)))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// AverageCurve is the mean coverage of the subjects at each budget, over the
// subjects measured at that budget.
func AverageCurve(subjects []result.Subject, budgets []time.Duration) []result.CurvePoint {
	var out []result.CurvePoint
	for _, d := range budgets {
		var vals []result.Value
		for _, s := range subjects {
			for _, p := range s.Curve {
				if p.Budget == d {
					vals = append(vals, p.Cov)
				}
			}
		}
		m, _ := result.Mean(vals)
		out = append(out, result.CurvePoint{Budget: d, Cov: m})
	}
	return out
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return "…" + string(r[len(r)-n+1:])
}
