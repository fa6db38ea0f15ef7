package infer

import (
	"slices"
	"testing"
)

func TestGoName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"product_name", "ProductName"},
		{"id_str", "IDStr"},
		{"profile_image_url_https", "ProfileImageURLHTTPS"},
		{"seatCategoryId", "SeatCategoryID"},
		{"areaNames", "AreaNames"},
		{"HTTPServer", "HTTPServer"},
		{"_source", "Source"},
		{"type", "Type"},
		{"func", "Func"},
		{"Arabic Presentation Forms-A", "ArabicPresentationFormsA"},
		{"@context", "Context"},
		{"2ème balcon", "X2èmeBalcon"},
		{"名前", "X名前"},
		{"überschrift", "Überschrift"},
		{"", "X"},
		{"-", "X"},
		{"fields-0050", "Fields0050"},
		{"bytes-0.25k", "Bytes025k"},
		{"es-hits-10-full", "EsHits10Full"},
		{"realworld-twitter_status", "RealworldTwitterStatus"},
	}
	for _, tt := range tests {
		if got := GoName(tt.in); got != tt.want {
			t.Errorf("GoName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFieldNames(t *testing.T) {
	tests := []struct{ keys, want []string }{
		{[]string{"a", "b"}, []string{"A", "B"}},
		{[]string{"id", "_id", "ID", "id2"}, []string{"ID", "ID2", "ID3", "Id2"}},
		{[]string{"x", "X", "x2"}, []string{"X", "X2", "X22"}},
		{[]string{"marshal_json", "unmarshalEasyJSON"}, []string{"MarshalJSON2", "UnmarshalEasyJSON2"}},
		{[]string{"", "$", "名前"}, []string{"X", "X2", "X名前"}},
		{[]string{"a", "a3", "a", "a", "a", "A2"}, []string{"A", "A3", "A2", "A4", "A5", "A22"}},
	}
	for _, tt := range tests {
		if got := FieldNames(tt.keys); !slices.Equal(got, tt.want) {
			t.Errorf("FieldNames(%q) = %q, want %q", tt.keys, got, tt.want)
		}
	}
}
