package io.hongbao.lab.infrastructure.storage;

/**
 * A grant as it travels through Redis to an asynchronous writer: {@code packet:user:shareIndex:amount}
 * (shareIndex -1 when the amount was split live). Items are unique per (packet, user), which the reliable queue's
 * LREM relies on.
 */
public record GrabLine(long packetId, long userId, int shareIndex, long amount) {

    public static GrabLine parse(String line) {
        String[] parts = line.split(":", 4);
        if (parts.length != 4) {
            throw new IllegalArgumentException("not a grab line: " + line);
        }
        return new GrabLine(
                Long.parseLong(parts[0]),
                Long.parseLong(parts[1]),
                Integer.parseInt(parts[2]),
                Long.parseLong(parts[3]));
    }

    public String format() {
        return packetId + ":" + userId + ":" + shareIndex + ":" + amount;
    }
}
