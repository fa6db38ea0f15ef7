package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"syscall"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"
)

// The load generator is github.com/tsenart/vegeta/v12: an open-loop attack at a
// fixed rate (a slow server shows as latency), or workers as fast as they go.
// It refuses any target off loopback, and its client connects nowhere else.

// A loadSpec is one bounded attack.
type loadSpec struct {
	Target   string        // URL of a GET on loopback
	Workers  int           // requests in flight at most
	Rate     int           // requests per second; 0: as fast as the workers go
	Duration time.Duration // the attack sends no request after this
	Requests int           // the attack sends at most this many requests
}

// loadResult is what the attack's client saw, every request a success.
type loadResult struct {
	Requests  int             // responses received
	Span      time.Duration   // from the first request sent to the last response
	Latencies []time.Duration // of every request, ascending
}

// Throughput is the successful responses per second.
func (r loadResult) Throughput() float64 {
	if r.Span <= 0 {
		return 0
	}
	return float64(r.Requests) / r.Span.Seconds()
}

// Quantile returns the latency below which a fraction q of the requests fell (nearest rank), or 0.
func (r loadResult) Quantile(q float64) time.Duration {
	n := len(r.Latencies)
	if n == 0 {
		return 0
	}
	i := int(q*float64(n)+0.999999999) - 1 // ceil(q·n), the nearest rank
	return r.Latencies[min(max(i, 0), n-1)]
}

// attack attacks spec.Target until spec.Duration has passed, spec.Requests were sent or ctx is
// done, and returns what came back: an error unless every request got a 200. It sends nothing to a
// target off loopback or for a bad spec.
func attack(ctx context.Context, spec loadSpec) (loadResult, error) {
	if err := loopback(spec.Target); err != nil {
		return loadResult{}, err
	}
	if spec.Workers < 1 || spec.Rate < 0 || spec.Duration <= 0 || spec.Requests < 1 {
		return loadResult{}, fmt.Errorf("load: a bounded attack needs workers, a duration and a request count: %+v", spec)
	}
	dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second, Control: loopbackOnly}
	c := &http.Client{
		Timeout:       30 * time.Second,
		Transport:     &http.Transport{DialContext: dialer.DialContext, MaxIdleConnsPerHost: spec.Workers, DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	defer c.CloseIdleConnections()
	attacker := vegeta.NewAttacker(
		vegeta.Client(c),
		vegeta.Workers(uint64(spec.Workers)),
		vegeta.MaxWorkers(uint64(spec.Workers)),
		vegeta.MaxBody(512), // enough for an error's text; the rest is read and dropped
	)
	target := vegeta.NewStaticTargeter(vegeta.Target{Method: http.MethodGet, URL: spec.Target})
	results := attacker.Attack(target, limit{vegeta.Rate{Freq: spec.Rate, Per: time.Second}, uint64(spec.Requests)}, spec.Duration, "")
	defer context.AfterFunc(ctx, func() { attacker.Stop() })()
	r, err := tally(results)
	return r, cmp.Or(ctx.Err(), err)
}

// tally reads an attack's results until the channel closes and returns what
// they add up to: an error unless every request got a 200.
func tally(results <-chan *vegeta.Result) (loadResult, error) {
	var r loadResult
	var first, last time.Time
	var failed int
	var firstErr string
	for res := range results {
		r.Requests++
		r.Latencies = append(r.Latencies, res.Latency)
		if first.IsZero() || res.Timestamp.Before(first) {
			first = res.Timestamp
		}
		if end := res.End(); end.After(last) {
			last = end
		}
		if res.Code == http.StatusOK && res.Error == "" {
			continue
		}
		if failed++; firstErr == "" && res.Code != 0 {
			firstErr = strings.TrimSuffix(fmt.Sprintf("%d %s: %s", res.Code, http.StatusText(int(res.Code)), strings.Join(strings.Fields(string(res.Body)), " ")), ": ")
		} else if firstErr == "" {
			firstErr = cmp.Or(res.Error, "no response")
		}
	}
	r.Span = last.Sub(first)
	slices.Sort(r.Latencies)
	switch {
	case r.Requests == 0:
		return r, errors.New("no request completed")
	case failed > 0:
		return r, fmt.Errorf("%d of %d requests failed, the first with: %s", failed, r.Requests, firstErr)
	}
	return r, nil
}

// limit is a pacer that stops after n requests.
type limit struct {
	vegeta.Pacer
	n uint64
}

func (l limit) Pace(elapsed time.Duration, hits uint64) (time.Duration, bool) {
	if hits >= l.n {
		return 0, true
	}
	return l.Pacer.Pace(elapsed, hits)
}

// loopbackOnly is a net.Dialer's Control refusing, before connecting, any address off loopback.
func loopbackOnly(_, address string, _ syscall.RawConn) error {
	if host, _, err := net.SplitHostPort(address); err != nil || !isLoopback(host) {
		return fmt.Errorf("load: refusing to connect to %s: not a loopback address", address)
	}
	return nil
}

// loopback returns an error unless rawURL is an http URL on 127.0.0.0/8, ::1 or localhost.
func loopback(rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil {
		return fmt.Errorf("load: target %q: %w", rawURL, err)
	}
	if u.Scheme != "http" || (u.Hostname() != "localhost" && !isLoopback(u.Hostname())) {
		return fmt.Errorf("load: refusing target %q: the load generator sends only to http://127.0.0.1 (or another loopback address)", rawURL)
	}
	return nil
}

func isLoopback(host string) bool { ip := net.ParseIP(host); return ip != nil && ip.IsLoopback() }
