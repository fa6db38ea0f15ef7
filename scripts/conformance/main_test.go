package main

import (
	"strings"
	"testing"
)

func TestSelection(t *testing.T) {
	tests := []struct {
		spec string
		want string // names in order, or the start of the error
	}{
		{"goccy", "encoding-json json-v2 goccy"},
		{"json-v2,encoding-json", "encoding-json json-v2"},
		{"sonic-.*", "encoding-json json-v2 sonic-std sonic-default sonic-fastest"},
		{"nope", "unknown codec"},
	}
	for _, tt := range tests {
		cs, err := selection(tt.spec)
		var got []string
		for _, c := range cs {
			got = append(got, c.Name)
		}
		if err != nil {
			got = []string{err.Error()}
		}
		if !strings.HasPrefix(strings.Join(got, " "), tt.want) {
			t.Errorf("selection(%q) = %q, want %q", tt.spec, got, tt.want)
		}
	}
}
