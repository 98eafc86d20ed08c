package io.hongbao.redpacket.infrastructure.streams;

import java.util.Comparator;

/** Redis stream entry ids ({@code <ms>-<seq>}), compared numerically. */
public final class StreamId {

    public static final Comparator<String> ORDER =
            Comparator.<String>comparingLong(id -> part(id, 0)).thenComparingLong(id -> part(id, 1));

    private StreamId() {}

    /** When the entry was added: the milliseconds part of its id. */
    public static long millis(String id) {
        return part(id, 0);
    }

    private static long part(String id, int index) {
        String[] parts = id.split("-");
        return Long.parseLong(parts.length > index ? parts[index] : "0");
    }
}
