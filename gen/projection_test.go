package main

import (
	"slices"
	"testing"
)

func TestSpread(t *testing.T) {
	tests := []struct {
		n    int
		want []int
	}{
		{5, []int{0, 1, 2, 3, 4}},
		{8, []int{0, 2, 4, 5, 7}},
		{10, []int{0, 2, 5, 7, 9}},
		{50, []int{0, 12, 25, 37, 49}},
		{64, []int{0, 16, 32, 47, 63}},
		{1000, []int{0, 250, 500, 749, 999}},
	}
	for _, tt := range tests {
		if got := spread(tt.n); !slices.Equal(got, tt.want) {
			t.Errorf("spread(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
}

// TestProject checks a projection of a nested object: the spread leaves in
// document order, inside renamed copies of the objects that hold them.
func TestProject(t *testing.T) {
	inner := &object{name: "DocL2"}
	for _, k := range []string{"f", "g", "h", "i"} {
		inner.add(k, k)
	}
	doc := &object{name: "Doc"}
	for _, k := range []string{"a", "b", "c", "d"} {
		doc.add(k, k)
	}
	doc.add("level_2", inner)
	doc.add("e", "e")
	// Leaves in order: a b c d f g h i e; spread(9) picks 0 2 4 6 8.
	proj, get5 := project(doc, "DocProj")
	want := `[][]string{{"a"}, {"c"}, {"level_2", "f"}, {"level_2", "h"}, {"e"}}`
	if get5 != want {
		t.Errorf("get5 = %s, want %s", get5, want)
	}
	if !slices.Equal(proj.keys, []string{"a", "c", "level_2", "e"}) || proj.name != "DocProj" {
		t.Errorf("projection %s has keys %q, want DocProj with a c level_2 e", proj.name, proj.keys)
	}
	child := proj.values[2].(*object)
	if !slices.Equal(child.keys, []string{"f", "h"}) || child.name != "DocProjL2" {
		t.Errorf("projected level_2 %s has keys %q, want DocProjL2 with f h", child.name, child.keys)
	}
	if len(doc.keys) != 6 || len(inner.keys) != 4 {
		t.Error("project changed the document")
	}
}
