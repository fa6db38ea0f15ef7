package render

import (
	"strings"

	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// formList names the candidate forms.
func formList() string {
	names := make([]string, model.NumForms)
	for f := range model.NumForms {
		names[f] = f.String()
	}
	return strings.Join(names, ", ")
}

// marks is the sizes of model.Marks, formatted.
func marks() []string {
	s := make([]string, len(model.Marks))
	for i, m := range model.Marks {
		s[i] = format.Num(m)
	}
	return s
}
