package svc.governance.egress;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Addresses no tool may reach whatever the allowlist says: they lead into the machine itself, the
 * local network or the cloud provider's metadata service (the classic SSRF targets). IPv6 forms
 * that embed an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by the embedded address.
 */
public final class BlockedAddresses {

    private record Range(long base, int bits, String label) {
        boolean contains(long v) {
            long mask = bits == 0 ? 0 : (0xFFFFFFFFL << (32 - bits)) & 0xFFFFFFFFL;
            return (v & mask) == base;
        }
    }

    /** Most specific first, so 169.254.169.254 reads "cloud metadata", not "link-local". */
    private static final List<Range> IPV4 = List.of(
            new Range(ip(169, 254, 169, 254), 32, "cloud metadata endpoint"),
            new Range(ip(169, 254, 170, 2), 32, "cloud metadata endpoint (ECS task metadata)"),
            new Range(ip(100, 100, 100, 200), 32, "cloud metadata endpoint (Alibaba)"),
            new Range(ip(0, 0, 0, 0), 8, "unspecified address (0.0.0.0/8)"),
            new Range(ip(10, 0, 0, 0), 8, "private range 10.0.0.0/8"),
            new Range(ip(100, 64, 0, 0), 10, "shared address space 100.64.0.0/10"),
            new Range(ip(127, 0, 0, 0), 8, "loopback 127.0.0.0/8"),
            new Range(ip(169, 254, 0, 0), 16, "link-local 169.254.0.0/16"),
            new Range(ip(172, 16, 0, 0), 12, "private range 172.16.0.0/12"),
            new Range(ip(192, 168, 0, 0), 16, "private range 192.168.0.0/16"),
            new Range(ip(224, 0, 0, 0), 4, "multicast 224.0.0.0/4"),
            new Range(ip(240, 0, 0, 0), 4, "reserved 240.0.0.0/4"));

    private static final Map<String, String> NAMES = Map.of(
            "localhost",
            "loopback",
            "localhost.localdomain",
            "loopback",
            "ip6-localhost",
            "loopback",
            "ip6-loopback",
            "loopback",
            "metadata",
            "a cloud metadata endpoint",
            "metadata.google.internal",
            "a cloud metadata endpoint",
            "metadata.goog",
            "a cloud metadata endpoint",
            "instance-data",
            "a cloud metadata endpoint",
            "instance-data.ec2.internal",
            "a cloud metadata endpoint");

    private BlockedAddresses() {}

    /** Why {@code host} is blocked, or empty if it is not. */
    public static Optional<String> reason(Host host) {
        switch (host.kind()) {
            case NAME:
                if (NAMES.containsKey(host.canonical())) {
                    return Optional.of("host name " + host.canonical() + " is " + NAMES.get(host.canonical()));
                }
                if (host.canonical().endsWith(".localhost")) {
                    return Optional.of("*.localhost names are loopback");
                }
                return Optional.empty();
            case IPV4:
                return ipv4Reason(toLong(host.address(), 0));
            case IPV6:
            default:
                return ipv6Reason(host.address());
        }
    }

    private static Optional<String> ipv4Reason(long v) {
        for (Range r : IPV4) {
            if (r.contains(v)) {
                return Optional.of(r.label);
            }
        }
        return Optional.empty();
    }

    private static Optional<String> ipv6Reason(byte[] b) {
        if (allZero(b, 0, 16)) {
            return Optional.of("unspecified address ::");
        }
        if (allZero(b, 0, 15) && b[15] == 1) {
            return Optional.of("loopback ::1");
        }
        int first = b[0] & 255;
        int second = b[1] & 255;
        if (allZero(b, 0, 10) && (b[10] & 255) == 0xff && (b[11] & 255) == 0xff) {
            return embedded("IPv4-mapped", toLong(b, 12));
        }
        if (allZero(b, 0, 12)) {
            return embedded("IPv4-compatible", toLong(b, 12));
        }
        if (first == 0x00 && second == 0x64 && (b[2] & 255) == 0xff && (b[3] & 255) == 0x9b && allZero(b, 4, 12)) {
            return embedded("NAT64", toLong(b, 12));
        }
        if (first == 0x20 && second == 0x02) {
            return embedded("6to4", toLong(b, 2));
        }
        if (first == 0xfd && second == 0x00 && (b[2] & 255) == 0x0e && (b[3] & 255) == 0xc2) {
            return Optional.of("cloud metadata endpoint (AWS IPv6, inside unique-local fc00::/7)");
        }
        if ((first & 0xfe) == 0xfc) {
            return Optional.of("unique-local fc00::/7");
        }
        if (first == 0xfe && (second & 0xc0) == 0x80) {
            return Optional.of("link-local fe80::/10");
        }
        if (first == 0xfe && (second & 0xc0) == 0xc0) {
            return Optional.of("site-local fec0::/10");
        }
        if (first == 0xff) {
            return Optional.of("multicast ff00::/8");
        }
        return Optional.empty();
    }

    private static Optional<String> embedded(String form, long v4) {
        return ipv4Reason(v4).map(r -> form + " IPv6 address embedding " + Host.dotted(v4) + ": " + r);
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static long toLong(byte[] b, int at) {
        return ((b[at] & 255L) << 24) | ((b[at + 1] & 255L) << 16) | ((b[at + 2] & 255L) << 8) | (b[at + 3] & 255L);
    }

    private static long ip(int a, int b, int c, int d) {
        return ((long) a << 24) | ((long) b << 16) | ((long) c << 8) | d;
    }
}
