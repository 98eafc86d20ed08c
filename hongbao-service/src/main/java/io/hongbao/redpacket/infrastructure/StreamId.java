package io.hongbao.redpacket.infrastructure;

import java.util.Comparator;

/** Redis stream entry ids ({@code <ms>-<seq>}), compared numerically. */
final class StreamId {

    static final Comparator<String> ORDER =
            Comparator.<String>comparingLong(id -> part(id, 0)).thenComparingLong(id -> part(id, 1));

    private StreamId() {}

    /** When the entry was added: the milliseconds part of its id. */
    static long millis(String id) {
        return part(id, 0);
    }

    private static long part(String id, int index) {
        String[] parts = id.split("-");
        return Long.parseLong(parts.length > index ? parts[index] : "0");
    }
}
