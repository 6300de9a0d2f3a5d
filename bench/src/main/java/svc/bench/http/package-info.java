/** HTTP load driver for a local API server (bounded request count, loopback only). */
package svc.bench.http;
