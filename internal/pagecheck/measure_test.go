package pagecheck

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/chromedp/chromedp"

	"github.com/jsoncost/jsoncost/internal/safefile"
)

// A box is a table or image as the browser laid it out.
type box struct {
	Kind    string  // "table" or "image"
	N       int     // its place among the page's boxes of its kind, from 1
	Heading string  // the heading it stands under
	Label   string  // a table's first row, an image's address
	Width   float64 // a table's scrollWidth, an image's rendered width
	Right   float64 // where it ends: its left edge plus Width
	Loaded  bool    // an image whose file loaded; always true for a table
}

// measure puts the page at url in place of the open document, as a
// navigation to it would show it, waits for its images, and finds its
// boxes in document order, with the heading each stands under. One document
// serves every page: navigating to each took the browser twice the CPU.
const measure = `(async url => {
	const res = await fetch(url);
	if (!res.ok) throw new Error(url + ": " + res.status);
	const doc = new DOMParser().parseFromString(await res.text(), "text/html");
	doc.head.prepend(Object.assign(doc.createElement("base"), {href: url}));
	document.documentElement.replaceWith(document.adoptNode(doc.documentElement));
	await Promise.all(Array.from(document.images, i => i.complete || new Promise(done => i.onload = i.onerror = done)));
	window.scrollTo(0, 0);
	const out = [], n = {table: 0, image: 0};
	let heading = "";
	for (const e of document.querySelectorAll("h1, h2, h3, h4, h5, h6, table, img")) {
		const kind = {TABLE: "table", IMG: "image"}[e.tagName];
		if (!kind) { heading = e.textContent.trim(); continue; }
		const table = kind === "table", r = e.getBoundingClientRect();
		const width = table ? e.scrollWidth : r.width;
		out.push({kind, n: ++n[kind], heading,
			label: table ? Array.from(e.rows[0].cells, c => c.innerText.trim()).join(" | ") : e.getAttribute("src"),
			width, right: r.left + window.scrollX + width,
			loaded: table || (e.complete && e.naturalWidth > 0)});
	}
	return out;
})`

// check opens page on the server at base and returns a line for each of its
// boxes that reaches past the window or did not load. With a shots
// directory, it writes the page's first screen, its images and the tables
// it names there.
func check(ctx context.Context, base, page, shots string) ([]string, error) {
	if origin, err := chromedp.Run(ctx, chromedp.Evaluate[string]("location.origin")); err != nil || origin != base {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil { // a document the pages' addresses are relative to
			return nil, fmt.Errorf("%s: %w", base, err)
		}
	}
	boxes, err := chromedp.Run(ctx, chromedp.Evaluate[[]box](measure+"("+strconv.Quote(base+"/"+page)+")", chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("%s: measuring: %w", page, err)
	}
	var lines []string
	for _, b := range boxes {
		if l := b.fault(page); l != "" {
			lines = append(lines, l)
		}
	}
	if shots == "" {
		return lines, nil
	}
	return lines, screenshots(ctx, shots, page, boxes)
}

// fault is the line that says what is wrong with b on page, or "".
func (b box) fault(page string) string {
	label := []rune(b.Label)
	if len(label) > 60 {
		label = append(label[:59], '…')
	}
	where := fmt.Sprintf("%s: %s %d under %q (%s)", page, b.Kind, b.N, b.Heading, string(label))
	switch {
	case !b.Loaded:
		return where + " did not load"
	case b.Right > viewWidth:
		return fmt.Sprintf("%s is %.0f px wide and ends at %.0f px, past the %d px window", where, b.Width, b.Right, viewWidth)
	}
	return ""
}

// screenshots writes to dir, named after page, its first screen, each image
// and each table that reaches past the window.
func screenshots(ctx context.Context, dir, page string, boxes []box) error {
	name := strings.NewReplacer("/", "_", ".md", "").Replace(page)
	first, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		return fmt.Errorf("%s: screenshot: %w", page, err)
	}
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSSAll("table, img"), chromedp.AtLeast(0)))
	if err != nil {
		return fmt.Errorf("%s: finding tables and images: %w", page, err)
	}
	if len(nodes) != len(boxes) { // the boxes' nodes, in the same document order
		return fmt.Errorf("%s: %d tables and images, %d measured", page, len(nodes), len(boxes))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := safefile.WriteFile(filepath.Join(dir, name+".png"), first, 0o644); err != nil {
		return err
	}
	for i, b := range boxes {
		if b.Kind == "table" && b.Right <= viewWidth {
			continue
		}
		shot, err := chromedp.Run(ctx, chromedp.ScreenshotNodes(nodes[i:i+1], 1))
		if err != nil {
			return fmt.Errorf("%s: screenshot of %s %d: %w", page, b.Kind, b.N, err)
		}
		if err := safefile.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%s%02d.png", name, b.Kind, b.N)), shot, 0o644); err != nil {
			return err
		}
	}
	return nil
}
