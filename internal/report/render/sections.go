package render

import (
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// savingText is a saving per hit and in percent, or none.
func savingText(s model.Saving) string {
	if !s.OK {
		return format.None
	}
	return format.Duration(s.PerHit.V) + " · " + format.PercentCI(s.Pct)
}
