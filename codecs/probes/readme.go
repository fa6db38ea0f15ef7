package probes

import (
	"bytes"
	_ "embed"
	"fmt"
	"text/template"

	"github.com/jsoncost/jsoncost/codecs"
)

//go:embed readme.md.tmpl
var readmeText string

var readmeTemplate = template.Must(template.New("README.md").Parse(readmeText))

// Readme renders README.md, which explains the other files, for the
// configurations cs.
func Readme(cs []*codecs.Codec) ([]byte, error) {
	var configs bytes.Buffer
	if err := configTable(&configs, cs); err != nil {
		return nil, err
	}
	data := struct {
		SuiteModule, SuiteVersion, SuiteSum string
		V2Reference, Configurations         string
		MaxFuzzInput, MaxFuzzDepth          int
	}{SuiteModule, SuiteVersion, SuiteSum, V2Reference, configs.String(), maxFuzzInput, maxFuzzDepth}
	var b bytes.Buffer
	if err := readmeTemplate.Execute(&b, data); err != nil {
		return nil, fmt.Errorf("rendering README.md: %w", err)
	}
	return b.Bytes(), nil
}
