package io.hongbao.platform.ratelimit;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The address a call without a verified caller is counted under (docs/api.md, Rate limits, change 24). The hops are
 * the {@code X-Forwarded-For} values, left to right, then the connection's peer; walking from the right, the first hop
 * that is not a trusted proxy is the client. A proxy appends the address it received the call from, so every value
 * right of the first untrusted hop was written by a trusted proxy, and everything left of it is the client's to
 * choose: a forged left-most value gains nothing. With no trusted proxy (the default) {@code X-Forwarded-For} is
 * never read. A value that is not an IP address (a name, {@code unknown}, junk) ends the walk at the trusted hop
 * before it: the call is counted under that proxy's address, never under a value a client could vary per call.
 */
final class ClientAddress {

    /** Literal IPv4 or IPv6 addresses only: never a name to resolve. */
    private static final Pattern IP_LITERAL = Pattern.compile("[0-9a-fA-F:.]+(%[0-9A-Za-z]+)?");

    private final List<Cidr> trusted;

    /** @param trustedProxies addresses and CIDR blocks ({@code 10.0.0.0/8}, {@code ::1}); empty trusts none */
    ClientAddress(List<String> trustedProxies) {
        this.trusted = trustedProxies.stream().map(Cidr::parse).toList();
    }

    /**
     * @param peer the connection's peer address (textual), or null when unknown
     * @param forwardedFor every {@code X-Forwarded-For} header's value in order, each possibly a comma-separated list
     */
    String of(String peer, List<String> forwardedFor) {
        if (peer == null) {
            return "unknown";
        }
        if (trusted.isEmpty() || !isTrusted(peer)) {
            return peer;
        }
        List<String> hops = new ArrayList<>();
        for (String header : forwardedFor) {
            for (String value : header.split(",", -1)) {
                hops.add(value.strip());
            }
        }
        String client = peer;
        for (int i = hops.size() - 1; i >= 0; i--) {
            String hop = unbracketed(hops.get(i));
            InetAddress address = parse(hop);
            if (address == null) {
                return client;
            }
            client = address.getHostAddress();
            if (!isTrusted(address)) {
                return client;
            }
        }
        // Every hop is a trusted proxy: the left-most is as far as the chain is known.
        return client;
    }

    private boolean isTrusted(String peer) {
        InetAddress address = parse(unbracketed(peer));
        return address != null && isTrusted(address);
    }

    private boolean isTrusted(InetAddress address) {
        for (Cidr cidr : trusted) {
            if (cidr.contains(address)) {
                return true;
            }
        }
        return false;
    }

    /** {@code [2001:db8::1]} and {@code [2001:db8::1]:443} as some proxies write them; {@code 1.2.3.4:80} too. */
    private static String unbracketed(String hop) {
        if (hop.startsWith("[")) {
            int end = hop.indexOf(']');
            return end > 0 ? hop.substring(1, end) : hop;
        }
        int colon = hop.indexOf(':');
        if (colon > 0 && colon == hop.lastIndexOf(':') && hop.indexOf('.') > 0) {
            return hop.substring(0, colon);
        }
        return hop;
    }

    /** The address a literal names, or null for anything else (a name, {@code unknown}, an obfuscated token). */
    static InetAddress parse(String literal) {
        if (literal.isEmpty()
                || literal.length() > 64
                || !IP_LITERAL.matcher(literal).matches()) {
            return null;
        }
        if (literal.indexOf(':') < 0 && !literal.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
            return null;
        }
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException | SecurityException e) {
            return null;
        }
    }

    /** An address block: {@code prefix} leading bits of {@code network}. */
    record Cidr(byte[] network, int prefix) {

        static Cidr parse(String text) {
            String value = text.strip();
            int slash = value.indexOf('/');
            InetAddress address = ClientAddress.parse(slash < 0 ? value : value.substring(0, slash));
            if (address == null) {
                throw new IllegalArgumentException(
                        "hongbao.rate-limits.trusted-proxies: '" + text + "' is not an IP address or CIDR block");
            }
            int bits = address.getAddress().length * 8;
            int prefix;
            try {
                prefix = slash < 0 ? bits : Integer.parseInt(value.substring(slash + 1));
            } catch (NumberFormatException e) {
                prefix = -1;
            }
            if (prefix < 0 || prefix > bits) {
                throw new IllegalArgumentException(
                        "hongbao.rate-limits.trusted-proxies: '" + text + "' has no prefix length 0.." + bits);
            }
            return new Cidr(address.getAddress(), prefix);
        }

        boolean contains(InetAddress address) {
            byte[] candidate = address.getAddress();
            if (candidate.length != network.length) {
                return false;
            }
            for (int bit = 0; bit < prefix; bit++) {
                int mask = 0x80 >>> (bit % 8);
                if ((candidate[bit / 8] & mask) != (network[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }
}
