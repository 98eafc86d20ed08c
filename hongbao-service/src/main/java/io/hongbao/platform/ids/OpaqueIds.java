package io.hongbao.platform.ids;

import java.security.SecureRandom;
import java.util.regex.Pattern;

/**
 * Opaque ids for packets, groups and the like: 20 characters of lower-case Crockford base32, the first 9 from the
 * current millisecond (so new rows land at the end of a B-tree index) and 11 random (55 bits), unguessable enough
 * that nobody finds a packet by counting.
 */
public final class OpaqueIds {

    private static final char[] ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz".toCharArray();
    private static final Pattern SHAPE = Pattern.compile("[0-9a-z]{1,32}");
    private static final int TIME_CHARS = 9;
    private static final int RANDOM_CHARS = 11;
    private static final SecureRandom RANDOM = new SecureRandom();

    private OpaqueIds() {}

    public static String next() {
        char[] id = new char[TIME_CHARS + RANDOM_CHARS];
        long time = System.currentTimeMillis();
        for (int i = TIME_CHARS - 1; i >= 0; i--) {
            id[i] = ALPHABET[(int) (time & 31)];
            time >>>= 5;
        }
        long random = RANDOM.nextLong();
        for (int i = TIME_CHARS; i < id.length; i++) {
            id[i] = ALPHABET[(int) (random & 31)];
            random >>>= 5;
        }
        return new String(id);
    }

    /** Whether a string could be an id at all: anything else is an unknown id without asking a store. */
    public static boolean isWellFormed(String value) {
        return value != null && SHAPE.matcher(value).matches();
    }
}
