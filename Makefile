# jsoncost: what JSON serialization costs per codec as documents grow.
# Data flows one way: fixtures -> correctness gate -> benchmarks -> raw results -> report.

# The suite runs on Go 1.27.3; the go command fetches it from the module proxy (about 76 MB, once).
export GOTOOLCHAIN = go1.27.3

GO        ?= go
CODECS    ?=
OPS       ?=
FIXTURES  ?=
ROUNDS    ?=
SLICE     ?=
PAIRS     ?=
LAYOUTS   ?=
FUZZTIME  ?= 60s
BUILDS    ?=
OLD       ?=
NEW       ?=
DOC         ?=
FIELDS      ?=
QPS         ?=
PER_REQUEST ?=
QUICK       ?=
ES_URL      ?=
INDEX       ?=
ARTIFACTS   ?=
PROFILE     ?=

# given passes -flag VALUE only when the user set VAR, so a command keeps its own default.
given = $(if $(filter command line environment,$(origin $(2))),-$(1) '$($(2))')

# The selection and, where given, the meter's rounds, slice, pairs and layouts (each command has its defaults).
BENCHFLAGS = -codecs '$(CODECS)' -ops '$(OPS)' -fixtures '$(FIXTURES)' $(call given,rounds,ROUNDS) $(call given,slice,SLICE) $(call given,pairs,PAIRS) $(call given,layouts,LAYOUTS)

.PHONY: bench bench-quick bench-upgrade bench-doc bench-http bench-instr bench-instr-check test report compare codecs fixtures fixtures-list conformance fuzz

## bench: the standard matrix, interleaved rounds, then the report
bench:
	$(GO) run ./scripts/bench $(BENCHFLAGS)
	$(GO) run ./scripts/report

## bench-quick: a small subset in 4 rounds (raw output only); CODECS, OPS, FIXTURES, ROUNDS, SLICE, PAIRS and LAYOUTS narrow or override it
bench-quick:
	$(GO) run ./scripts/bench -quick $(BENCHFLAGS)

## bench-noise: a small subset in 16 rounds, every other one beside a busy neighbour on the other core, then the report: how far a neighbour moves the figures
.PHONY: bench-noise
bench-noise:
	$(GO) run ./scripts/bench -noise $(BENCHFLAGS)
	$(GO) run ./scripts/report

## bench-upgrade: the same cells under several builds (default go1.26.8, go1.27.3, go1.27.3+nojsonv2; BUILDS= any toolchain[+GOEXPERIMENT]), every round each build in shuffled order, then the report
bench-upgrade:
	$(GO) run ./scripts/bench -builds '$(BUILDS)' $(BENCHFLAGS)
	$(GO) run ./scripts/report

## bench-instr: instructions/op under cachegrind (default: every fields-* fixture × decode-struct, decode-map, encode-struct × every codec)
bench-instr:
	$(GO) run ./scripts/instr -codecs '$(CODECS)' -ops '$(OPS)' -fixtures '$(FIXTURES)'

# The two newest instruction-count files, newest first.
INSTR_FILES = $(shell ls -1 results/*/raw/*-instr.txt 2>/dev/null | sort -t/ -k4 -r | head -n 2)

## bench-instr-check: two instruction-count runs agree (median cell within 0.2%, every codec cell within 1%); OLD=, NEW= default to the two newest
bench-instr-check:
	$(GO) run ./scripts/report -compare '$(or $(OLD),$(word 2,$(INSTR_FILES)))' '$(or $(NEW),$(word 1,$(INSTR_FILES)))'

## bench-doc: the comparison for your own document: DOC=… FIELDS=… [QPS=…] [PER_REQUEST=…] [ROUNDS=…] [SLICE=… the time a timed slice aims at, default 1ms], then the report
bench-doc:
	$(GO) run ./scripts/doc -doc '$(DOC)' -fields '$(FIELDS)' -qps '$(QPS)' -per-request '$(PER_REQUEST)' $(call given,rounds,ROUNDS) $(call given,slice,SLICE)
	$(GO) run ./scripts/report

## bench-http: an API server in front of an Elasticsearch-shaped backend under load (QUICK=1 short; ROUNDS= more rounds; ES_URL=, INDEX= a real cluster), then the report
bench-http:
	$(GO) run ./scripts/http $(if $(QUICK),-quick) $(call given,rounds,ROUNDS) -codecs '$(CODECS)' -es '$(ES_URL)' -index '$(INDEX)'
	$(GO) run ./scripts/report

## bench-profile: where a Go CPU profile's time goes in JSON, and what switching codec or filtering fields would save: PROFILE=cpu.pprof [HEAP=heap.pprof DOC=… FIELDS=…]
.PHONY: bench-profile
bench-profile:
	$(GO) run ./scripts/profile -profile '$(PROFILE)' -heap '$(HEAP)' -doc '$(DOC)' -fields '$(FIELDS)'

## test: vet, unit tests, the correctness gate and the fuzz seed corpus. go vet runs every
## check once, so go test runs none; the arm64 build checks that the suite compiles there, not
## how well, so it skips vet and the optimizer.
test:
	$(GO) vet ./...
	GOARCH=arm64 $(GO) test -c -o /dev/null -vet=off -gcflags='all=-N -l' .
	$(GO) tool actionlint
	$(GO) test -vet=off ./...

## collect: place the raw files of downloaded CI artifacts (ARTIFACTS=dir, as GitHub lays them out) under results/<machine-id>/raw/, then the report
.PHONY: collect
collect:
	$(GO) run ./scripts/collect -artifacts '$(ARTIFACTS)'
	$(GO) run ./scripts/report

## report: rebuild tables, model, charts and pages (one per raw run, each bench-doc page, and the HTTP page) from committed raw output
report:
	$(GO) run ./scripts/report

## compare: significant changes OLD vs NEW (raw files or directories), largest first; full benchstat of every cell to a temporary file
compare:
	$(GO) run ./scripts/report -compare '$(OLD)' '$(NEW)'

## codecs: one line per registered configuration
codecs:
	$(GO) run ./scripts/codecs -codecs '$(CODECS)'

## fixtures: regenerate fixtures and generated types (deterministic)
fixtures:
	$(GO) run ./gen

## fixtures-list: name, family, fields and bytes of every fixture
fixtures-list:
	$(GO) run ./gen -list

## conformance: semantic probes, JSONTestSuite and bad input, per codec
conformance:
	$(GO) run ./scripts/conformance

## fuzz: differential fuzzing of every codec's decoder
fuzz:
	$(GO) test ./codecs/probes -run '^$$' -fuzz FuzzDecode -fuzztime $(FUZZTIME)
