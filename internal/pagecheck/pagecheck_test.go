package pagecheck

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/chromedp/chromedp"
)

// The window a reader of the pages is taken to have, in CSS pixels.
const (
	viewWidth  = 1280
	viewHeight = 900
)

var shots = flag.String("shots", "", "directory to write each page's first screen, its images and its too-wide tables to, as PNG")

// TestPagesFit opens every committed page in Chromium at 1280 px and fails
// on a table or image wider than that, or an image that does not load.
// Pages made to break the check run first, in the same browser.
func TestPagesFit(t *testing.T) {
	ctx := browser(t)
	t.Run("caught", func(t *testing.T) {
		srv := httptest.NewServer(Handler(fstest.MapFS{
			"wide.md":   {Data: []byte("# Wide\n\n" + table(40, "`codec-name-%02d`"))},
			"fits.md":   {Data: []byte("# Fits\n\n" + table(4, "%d") + "\n![chart](chart.svg)\n")},
			"chart.svg": {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="100"/>`)},
			"broken.md": {Data: []byte("# Broken\n\n![chart](missing.svg)\n")},
		}))
		defer srv.Close()
		for _, tt := range []struct {
			page string
			want []string // a substring of each line the check prints, in order
		}{
			{"wide.md", []string{`wide.md: table 1 under "Wide" (codec-name-00 | codec-name-01`}},
			{"fits.md", nil},
			{"broken.md", []string{`broken.md: image 1 under "Broken" (missing.svg) did not load`}},
		} {
			got, err := check(ctx, srv.URL, tt.page, "")
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Errorf("%s: got %q, want lines holding %q", tt.page, got, tt.want)
				continue
			}
			for i := range got {
				if !strings.Contains(got[i], tt.want[i]) {
					t.Errorf("%s: line %d is %q, want it to hold %q", tt.page, i+1, got[i], tt.want[i])
				}
			}
		}
	})
	t.Run("results", func(t *testing.T) {
		root := os.DirFS(filepath.Join("..", "..", "results"))
		pages, err := Pages(root)
		if err != nil {
			t.Fatal(err)
		}
		if len(pages) == 0 {
			t.Fatal("no page under results/")
		}
		srv := httptest.NewServer(Handler(root))
		defer srv.Close()
		for _, page := range pages {
			lines, err := check(ctx, srv.URL, page, *shots)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range lines {
				t.Error(l)
			}
		}
	})
}

// table is a one-row Markdown table of n columns, each cell cell formatted with its index.
func table(n int, cell string) string {
	var row []string
	for i := range n {
		row = append(row, fmt.Sprintf(cell, i))
	}
	line := "| " + strings.Join(row, " | ") + " |\n"
	return line + strings.Repeat("|---", n) + "|\n" + line
}

// browser starts one headless Chromium for the test at the reader's window
// size. Without Chromium the test is skipped, and fails under CI.
func browser(t *testing.T) context.Context {
	exe, err := exec.LookPath("chromium")
	if err != nil {
		const msg = "no chromium to render the pages in: install it with apt-get install -y chromium"
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]),
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.WindowSize(viewWidth, viewHeight),
		chromedp.Env("TMPDIR="+t.TempDir())) // where the browser leaves its socket, killed before it can remove it
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(viewWidth, viewHeight)); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	return ctx
}

// TestFault says what is wrong with a box, without a browser.
func TestFault(t *testing.T) {
	long := strings.Repeat("ab | ", 20)
	for _, tt := range []struct {
		b    box
		want string
	}{
		{box{Kind: "table", N: 2, Heading: "Cost", Label: "op | a", Width: 1200, Right: 1232, Loaded: true}, ""},
		{box{Kind: "table", N: 2, Heading: "Cost", Label: "op | a", Width: 1300, Right: 1332, Loaded: true},
			`p.md: table 2 under "Cost" (op | a) is 1300 px wide and ends at 1332 px, past the 1280 px window`},
		{box{Kind: "table", N: 1, Label: long, Width: 2000, Right: 2032, Loaded: true},
			`p.md: table 1 under "" (` + long[:59] + `…) is 2000 px wide and ends at 2032 px, past the 1280 px window`},
		{box{Kind: "image", N: 3, Heading: "Charts", Label: "charts/a.svg"}, `p.md: image 3 under "Charts" (charts/a.svg) did not load`},
		{box{Kind: "image", N: 3, Heading: "Charts", Label: "charts/a.svg", Width: 864, Right: 896, Loaded: true}, ""},
	} {
		if got := tt.b.fault("p.md"); got != tt.want {
			t.Errorf("fault(%+v)\n got %q\nwant %q", tt.b, got, tt.want)
		}
	}
}
