package rawfmt

import "testing"

// TestPartner: a cell is paired with the base of its operation on its own
// document, timed as base-ns/op; a base, and the noop cell, with the base
// on the anchor document, as anchor-ns/op, the anchor's base with itself.
// get5's base is json-v2. In bench-doc the anchor is the user's document,
// and the base on its filtered copy is paired with the base on it.
func TestPartner(t *testing.T) {
	tests := []struct {
		cell, anchor  string
		partner, unit string
	}{
		{"op=decode-map/fixture=fields-0500/codec=goccy", Anchor, "op=decode-map/fixture=fields-0500/codec=encoding-json", UnitBaseNs},
		{"op=decode-map/fixture=fields-0500/codec=floor", Anchor, "op=decode-map/fixture=fields-0500/codec=encoding-json", UnitBaseNs},
		{"op=decode-map/fixture=fields-0500/codec=encoding-json", Anchor, "op=decode-map/fixture=fields-0050/codec=encoding-json", UnitAnchorNs},
		{"op=decode-map/fixture=fields-0050/codec=encoding-json", Anchor, "op=decode-map/fixture=fields-0050/codec=encoding-json", UnitAnchorNs},
		{"op=encode-struct/fixture=es-hits-10-full/codec=json-v2", Anchor, "op=encode-struct/fixture=es-hits-10-full/codec=encoding-json", UnitBaseNs},
		{"op=get5/fixture=fields-0500/codec=gjson", Anchor, "op=get5/fixture=fields-0500/codec=json-v2", UnitBaseNs},
		{"op=get5/fixture=fields-0500/codec=json-v2", Anchor, "op=get5/fixture=fields-0050/codec=json-v2", UnitAnchorNs},
		{NoopCell.Sub(), Anchor, "op=decode-struct/fixture=fields-0050/codec=encoding-json", UnitAnchorNs},
		{"op=decode-struct/fixture=orders-filtered/codec=goccy", "orders", "op=decode-struct/fixture=orders-filtered/codec=encoding-json", UnitBaseNs},
		{"op=decode-struct/fixture=orders-filtered/codec=encoding-json", "orders", "op=decode-struct/fixture=orders/codec=encoding-json", UnitAnchorNs},
		{"op=get5/fixture=orders/codec=json-v2", "orders", "op=get5/fixture=orders/codec=json-v2", UnitAnchorNs},
	}
	for _, tt := range tests {
		c, ok := ParseSub(tt.cell)
		if !ok {
			t.Fatalf("ParseSub(%q) failed", tt.cell)
		}
		if p, unit := Partner(c, tt.anchor); p.Sub() != tt.partner || unit != tt.unit {
			t.Errorf("Partner(%s, %s) = %s, %s; want %s, %s", tt.cell, tt.anchor, p.Sub(), unit, tt.partner, tt.unit)
		}
	}
}
