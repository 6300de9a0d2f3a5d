/**
 * G1: the egress allowlist for tool arguments. Every URL found anywhere in a tool call's arguments
 * must use http or https, must not point at a private, loopback, link-local, unique-local or
 * cloud-metadata address (whatever the allowlist says, and however the address is spelled:
 * decimal, hex, octal, short forms, IPv4-mapped IPv6, percent-encoding, full-width digits), and
 * must name a host on the allowlist. Hosts are matched literally; nothing is ever resolved.
 */
package svc.governance.egress;
