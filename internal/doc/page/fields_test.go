package page

import (
	"testing"

	"github.com/jsoncost/jsoncost/internal/report/model"
)

func TestFormat(t *testing.T) {
	tests := []struct{ got, want string }{
		{saves(model.Estimate{V: 62, Lo: 47, Hi: 70, HasCI: true}), "saves 62% [47%, 70%]"},
		{saves(model.Estimate{V: -3.1, Lo: -25, Hi: 12, HasCI: true}), "costs 3.1% [−12%, 25%] more"},
		{ns(model.Estimate{V: 79300, Lo: 64900, Hi: 313000, HasCI: true}), "79.3 µs [64.9, 313]"},
		{ns(model.Estimate{V: 1000}), "1.00 µs"},
		{change(-89.6), "−90%"},
		{change(5.5), "+5.5%"},
		{cores(0.00099), "0.00099"},
		{cores(-0.0111), "−0.0111"},
		{num(7193), "7193"},
		{sig3(38), "38.0"},
		{byteSize(4963), "4963 B"},
		{byteSize(65536), "64 KB"},
		{times(9.81), "9.81×"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
