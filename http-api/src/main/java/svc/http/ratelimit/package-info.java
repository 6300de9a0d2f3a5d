/** Production rate limits: fixed windows per (identity, endpoint class) with X-RateLimit-* headers. */
package svc.http.ratelimit;
