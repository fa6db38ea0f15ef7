package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"
)

func TestLoopback(t *testing.T) {
	tests := []struct {
		url string
		ok  bool
	}{
		{"http://127.0.0.1:8080/search", true},
		{"http://127.9.9.9/", true},
		{"http://[::1]:9200/", true},
		{"http://localhost:9200/", true},
		{"https://127.0.0.1/", false},
		{"http://10.0.0.1/", false},
		{"http://192.168.1.2:80/", false},
		{"http://example.com/", false},
		{"http://[::ffff:8.8.8.8]/", false},
		{"127.0.0.1:80", false},
		{"http://%zz/", false},
	}
	for _, tt := range tests {
		if err := loopback(tt.url); (err == nil) != tt.ok {
			t.Errorf("loopback(%q) = %v, want ok %t", tt.url, err, tt.ok)
		}
	}
	for _, tt := range []struct {
		addr string
		ok   bool
	}{{"127.0.0.1:80", true}, {"[::1]:80", true}, {"10.1.2.3:80", false}, {"93.184.216.34:80", false}, {"localhost:80", false}} {
		if err := loopbackOnly("tcp", tt.addr, nil); (err == nil) != tt.ok {
			t.Errorf("loopbackOnly(%q) = %v, want ok %t", tt.addr, err, tt.ok)
		}
	}
}

// TestRunCount checks that an attack bounded by requests sends exactly
// that many at either load, far from its time bound, and that the server
// saw each of them.
func TestRunCount(t *testing.T) {
	var served atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		w.Write([]byte("ok"))
	}))
	defer srv.Close()
	for _, spec := range []loadSpec{
		{Target: srv.URL, Workers: 4, Duration: time.Hour, Requests: 50},
		{Target: srv.URL, Workers: 4, Rate: 1000, Duration: time.Hour, Requests: 30},
	} {
		served.Store(0)
		r, err := attack(context.Background(), spec)
		if err != nil {
			t.Fatal(err)
		}
		if r.Requests != spec.Requests || served.Load() != int64(spec.Requests) || len(r.Latencies) != spec.Requests {
			t.Errorf("%+v: %d requests, %d latencies, server saw %d; want %d", spec, r.Requests, len(r.Latencies), served.Load(), spec.Requests)
		}
		if r.Span <= 0 || r.Throughput() <= 0 || r.Quantile(1) < r.Quantile(0.5) {
			t.Errorf("%+v: span %s, throughput %g, p50 %s, p100 %s", spec, r.Span, r.Throughput(), r.Quantile(0.5), r.Quantile(1))
		}
	}
}

// TestRunFailures checks that failures are an error counting them and
// quoting the first with the body the server gave.
func TestRunFailures(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "backend answered 503 Service Unavailable", http.StatusBadGateway)
	}))
	defer srv.Close()
	r, err := attack(context.Background(), loadSpec{Target: srv.URL, Workers: 2, Duration: time.Hour, Requests: 10})
	if want := "10 of 10 requests failed, the first with: 502 Bad Gateway: backend answered 503 Service Unavailable"; err == nil || err.Error() != want || r.Requests != 10 {
		t.Errorf("%d requests, error %v; want 10 and %q", r.Requests, err, want)
	}
}

// TestRunRefuses checks that nothing is sent to a target off loopback or
// with an unbounded spec.
func TestRunRefuses(t *testing.T) {
	for _, spec := range []loadSpec{
		{Target: "http://10.0.0.1/", Workers: 1, Duration: time.Second, Requests: 1},
		{Target: "http://127.0.0.1:1/", Workers: 1, Duration: 0, Requests: 1},
		{Target: "http://127.0.0.1:1/", Workers: 1, Duration: time.Second, Requests: 0},
		{Target: "http://127.0.0.1:1/", Workers: 0, Duration: time.Second, Requests: 1},
	} {
		if r, err := attack(context.Background(), spec); err == nil || r.Requests != 0 {
			t.Errorf("attack(%+v) = %d requests, %v; want an error and none sent", spec, r.Requests, err)
		}
	}
}

func TestQuantile(t *testing.T) {
	var r loadResult
	for i := 1; i <= 1000; i++ {
		r.Latencies = append(r.Latencies, time.Duration(i))
	}
	for _, tt := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 500}, {0.9, 900}, {0.99, 990}, {0.999, 999}, {1, 1000}, {0, 1}} {
		if got := r.Quantile(tt.q); got != tt.want {
			t.Errorf("Quantile(%g) = %d, want %d", tt.q, got, tt.want)
		}
	}
	if got := (loadResult{}).Quantile(0.5); got != 0 {
		t.Errorf("Quantile of nothing = %d, want 0", got)
	}
}

// knownLoad sends a known load through tally: 1000 requests, one sent
// every millisecond from t0, the i-th (from 0) answered 200 after i+1 µs,
// in reverse order. The last ends at t0+999ms+1000µs, a span of one second:
// 1000 req/s, with latencies 1µs to 1000µs.
func knownLoad(t *testing.T) loadResult {
	t.Helper()
	t0 := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	results := make(chan *vegeta.Result, 1000)
	for i := 999; i >= 0; i-- {
		results <- &vegeta.Result{Code: 200, Timestamp: t0.Add(time.Duration(i) * time.Millisecond), Latency: time.Duration(i+1) * time.Microsecond}
	}
	close(results)
	r, err := tally(results)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestTally checks the requests, span, req/s and percentiles of a known load.
func TestTally(t *testing.T) {
	r := knownLoad(t)
	if r.Requests != 1000 || r.Span != time.Second || r.Throughput() != 1000 {
		t.Errorf("%d requests over %s, %g req/s; want 1000 over 1s, 1000 req/s", r.Requests, r.Span, r.Throughput())
	}
	for _, tt := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 500 * time.Microsecond}, {0.9, 900 * time.Microsecond}, {0.99, 990 * time.Microsecond}, {0.999, 999 * time.Microsecond}} {
		if got := r.Quantile(tt.q); got != tt.want {
			t.Errorf("Quantile(%g) = %s, want %s", tt.q, got, tt.want)
		}
	}
}

// TestTallyFailures checks that a load with failures is an error counting
// them and quoting the first.
func TestTallyFailures(t *testing.T) {
	results := make(chan *vegeta.Result, 3)
	results <- &vegeta.Result{Code: 200}
	results <- &vegeta.Result{Error: "connection refused"}
	results <- &vegeta.Result{Code: 503, Body: []byte("busy\n")}
	close(results)
	_, err := tally(results)
	if want := "2 of 3 requests failed, the first with: connection refused"; err == nil || err.Error() != want {
		t.Errorf("tally: %v; want %q", err, want)
	}
}
