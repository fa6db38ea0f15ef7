package probes

import "testing"

func TestSubjects(t *testing.T) {
	tests := []struct {
		name   string
		occurs func([]byte) bool
		yes    []string
		no     []string
	}{
		{"invalidUTF8", invalidUTF8,
			[]string{"[\"a\xffb\"]", "{\"\xc0\xaf\":1}", "\"\xed\xa0\x80"},
			[]string{`["é"]`, "[1]\xff", `"\u00ff"`}},
		{"controlInString", controlInString,
			[]string{"[\"a\tb\"]", "\"\x00\"", "{\"\x1f\":1}"},
			[]string{"[\t\"a\"\n]", `"\t"`, "[1]\x01"}},
		{"controlAfterEscape", controlAfterEscape,
			[]string{"[\"\\n\x01\"]", "\"\\b\x00\"", "\"a\\u0041b\x1f\""},
			[]string{"[\"a\x01\\n\"]", `"\n"`, "\"\\\\\"\x01"}},
		{"loneSurrogate", loneSurrogate,
			[]string{`"\ud800"`, `"\udc00"`, `"\uDd1e\uD834"`, `"\ud800\n"`, `["\ud800\ud800"]`, `"\uD888\u1234"`},
			[]string{`"\ud83c\udf89"`, `"\u00e9"`, `"\\ud800"`, `"\u12"`}},
		{"invalidNumber", invalidNumber,
			[]string{"-01", "[2.]", `{"a":-.5}`, "+1", "0x10", "1e+", "[1,-]"},
			[]string{"0", "-0.5e+10", "[1,2.5,-3E2]", `"-01"`, "true", "NaN"}},
		{"duplicateNames", duplicateNames,
			[]string{`{"a":1,"a":2}`, `[{"b":{"c":1,"c":[2]}}]`, `{"a":1,"\u0061":2}`, "{\"\xff\":1,\"\xff\":2}", `{"a":1,"a"`},
			[]string{`{"a":1,"A":2}`, `[{"a":1},{"a":1}]`, `{"a":1,"b":[}`}},
		{"trailingData", trailingData,
			[]string{`{"a":1} x`, "{}{}", "1 2", "[] \x01"},
			[]string{"{} \t\r\n", "{}\x00", "{", "", "[1,]x"}},
		{"trailingNUL", trailingNUL,
			[]string{"{}\x00", "123\x00", "[] \x00x"},
			[]string{"[123\x00]", "{} x", "\x00"}},
		{"unterminatedString", unterminatedString,
			[]string{`"abc`, `{"a":"b`, `["\"`},
			[]string{`"abc"`, `{"a":1`, `"\\"`}},
		{"negativeZero", negativeZero,
			[]string{"-0", `[1,-0]`, `{"a":-0}`},
			[]string{"0", "-0.0", "-0e1", `"-0"`, "-01"}},
		{"depth 5000", depthProbe(5000).Occurs,
			[]string{string(arrays(5000)), "[[" + string(nested(4999))},
			[]string{string(arrays(4999)), `"[[[[[[[[[[[[[["`}},
	}
	for _, tt := range tests {
		for _, doc := range tt.yes {
			if !tt.occurs([]byte(doc)) {
				t.Errorf("%s(%.40q) = false, want true", tt.name, doc)
			}
		}
		for _, doc := range tt.no {
			if tt.occurs([]byte(doc)) {
				t.Errorf("%s(%.40q) = true, want false", tt.name, doc)
			}
		}
	}
}
