package main

import (
	"errors"
	"fmt"

	"github.com/jsoncost/jsoncost/fixtures/corpus"
	"github.com/jsoncost/jsoncost/internal/infer"
	"github.com/jsoncost/jsoncost/internal/jsonvalue"
)

func realworld() ([]*fixture, error) {
	var fs []*fixture
	for _, c := range corpus.Names {
		f, err := realworldFixture(c)
		if err != nil {
			return nil, err
		}
		fs = append(fs, f)
	}
	return fs, nil
}

// realworldFixture is an error when Infer warns: its type would not reproduce the corpus.
func realworldFixture(corpusName string) (*fixture, error) {
	name := "realworld-" + corpusName
	data, err := corpus.Load(corpusName)
	if err != nil {
		return nil, err
	}
	n, err := jsonvalue.Scalars(data)
	t, warnings, inferErr := infer.Infer(infer.GoName(name), data)
	if err = errors.Join(err, inferErr); err == nil && len(warnings) > 0 {
		err = errors.New(warnings[0])
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &fixture{Name: name, Family: "realworld", Data: data, Fields: n, Type: t}, nil
}
