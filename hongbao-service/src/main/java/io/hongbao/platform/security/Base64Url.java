package io.hongbao.platform.security;

/**
 * The base64url decoding of {@code java.util.Base64.getUrlDecoder()}, rule for rule, from a region of a token's text
 * into a caller's buffer, so {@link TokenVerifier} decodes a token's three parts without a substring, a byte copy and a
 * result array for each. It accepts and refuses exactly what the JDK's decoder does on a {@code String}: only
 * {@code A-Z a-z 0-9 - _}; padding optional, but when present it must complete the last 4-character unit and end the
 * input; a single dangling character is refused; the unused low bits of the last character are not checked. Every
 * other character, non-ASCII included (the JDK's decoder sees those as {@code '?'}), is refused.
 * {@code TokenVerifierTest} compares the two on every case it builds.
 */
final class Base64Url {

    private static final int PADDING = -2;

    private static final int[] VALUES = new int[128];

    static {
        java.util.Arrays.fill(VALUES, -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for (int i = 0; i < alphabet.length(); i++) {
            VALUES[alphabet.charAt(i)] = i;
        }
        VALUES['='] = PADDING;
    }

    private Base64Url() {}

    /** The most bytes {@code length} characters can decode to: the size a buffer for them needs. */
    static int maxDecodedLength(int length) {
        return (length / 4) * 3 + 2;
    }

    /**
     * Decodes {@code text[from, to)} into {@code out} from index 0, which must hold {@link #maxDecodedLength} bytes.
     *
     * @return how many bytes it wrote
     * @throws IllegalArgumentException where the JDK's URL decoder throws it
     */
    static int decode(String text, int from, int to, byte[] out) {
        int written = 0;
        int bits = 0;
        int shift = 18;
        int at = from;
        while (at < to) {
            char c = text.charAt(at++);
            int value = c < 128 ? VALUES[c] : -1;
            if (value < 0) {
                if (value == PADDING) {
                    // "=" where a unit starts, "x=" (refused below), "xx=" not followed by "=": as the JDK refuses
                    if (shift == 6 && (at == to || text.charAt(at++) != '=') || shift == 18) {
                        throw new IllegalArgumentException("Input byte array has wrong 4-byte ending unit");
                    }
                    break;
                }
                throw new IllegalArgumentException("Illegal base64 character " + Integer.toString(c, 16));
            }
            bits |= value << shift;
            shift -= 6;
            if (shift < 0) {
                out[written++] = (byte) (bits >> 16);
                out[written++] = (byte) (bits >> 8);
                out[written++] = (byte) bits;
                shift = 18;
                bits = 0;
            }
        }
        if (shift == 6) {
            out[written++] = (byte) (bits >> 16);
        } else if (shift == 0) {
            out[written++] = (byte) (bits >> 16);
            out[written++] = (byte) (bits >> 8);
        } else if (shift == 12) {
            throw new IllegalArgumentException("Last unit does not have enough valid bits");
        }
        if (at < to) {
            throw new IllegalArgumentException("Input byte array has incorrect ending byte at " + (at - from));
        }
        return written;
    }
}
