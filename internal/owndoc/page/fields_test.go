package page

import (
	"testing"

	"github.com/jsoncost/jsoncost/internal/report/model"
)

func TestSaves(t *testing.T) {
	tests := []struct {
		e    model.Estimate
		want string
	}{
		{model.Estimate{V: 62, Lo: 47, Hi: 70, HasCI: true}, "saves 62% [47, 70]"},
		{model.Estimate{V: -3.1, Lo: -25, Hi: 12, HasCI: true}, "costs 3.1% [−12, 25] more"},
		{model.Estimate{V: 40}, "saves 40%"},
	}
	for _, tt := range tests {
		if got := saves(tt.e); got != tt.want {
			t.Errorf("saves(%v) = %q, want %q", tt.e, got, tt.want)
		}
	}
}
