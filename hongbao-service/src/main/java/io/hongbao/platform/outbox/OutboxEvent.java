package io.hongbao.platform.outbox;

import java.time.Instant;
import java.util.Objects;

/**
 * One event to publish, as written to the outbox in the transaction of its effect (ADR 0096). The feature that makes
 * the effect builds it; the platform stores and publishes it without reading it.
 *
 * @param key what the event belongs to, a ledger account as its feature declares them: the outbox row is placed on
 *     that account's database shard, and it is the record's key on the bus, so one key's events reach a consumer in the
 *     order they committed
 * @param json the event as published, without the {@code shard} and {@code position} the publisher adds; one JSON
 *     object
 */
public record OutboxEvent(String key, Instant at, String json) {

    public OutboxEvent {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(at, "at");
        if (json == null || !json.startsWith("{") || !json.endsWith("}")) {
            throw new IllegalArgumentException("an event is one JSON object, not " + json);
        }
    }

    /**
     * Starts an event: {@code id} stable for the effect (the same on every re-send; a consumer deduplicates by it),
     * {@code type}, its key and when it happened. The feature adds the rest, the key's field included.
     */
    public static Builder of(String id, String type, String key, Instant at) {
        return new Builder(key, at).field("id", id).field("type", type).field("occurredAt", at.toString());
    }

    /** The event's fields in the order given; strings, whole numbers and booleans only (money is whole cents). */
    public static final class Builder {

        private final String key;
        private final Instant at;
        private final StringBuilder json = new StringBuilder(192).append('{');

        private Builder(String key, Instant at) {
            this.key = key;
            this.at = at;
        }

        public Builder field(String name, String value) {
            if (value == null) {
                return this;
            }
            name(name);
            quoted(value);
            return this;
        }

        public Builder field(String name, long value) {
            name(name);
            json.append(value);
            return this;
        }

        public Builder field(String name, boolean value) {
            name(name);
            json.append(value);
            return this;
        }

        public OutboxEvent build() {
            return new OutboxEvent(key, at, json + "}");
        }

        private void name(String name) {
            if (json.length() > 1) {
                json.append(',');
            }
            quoted(name);
            json.append(':');
        }

        private void quoted(String value) {
            json.append('"');
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                switch (c) {
                    case '"' -> json.append("\\\"");
                    case '\\' -> json.append("\\\\");
                    default -> {
                        if (c < 0x20) {
                            json.append(String.format("\\u%04x", (int) c));
                        } else {
                            json.append(c);
                        }
                    }
                }
            }
            json.append('"');
        }
    }
}
