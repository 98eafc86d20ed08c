package io.hongbao.redpacket.infrastructure.streams;

import java.util.List;
import java.util.Map;

/** A shard stream entry as the persister decodes it: its events, or why it has none that could be written. */
public sealed interface DecodedEntry permits DecodedEntry.Events, DecodedEntry.Undecodable {

    String id();

    /** The entry's events in the order the script decided them; none for an entry deleted while pending. */
    record Events(String id, List<PacketEvent> events) implements DecodedEntry {}

    /** An entry no script writes: it can never be written, so it goes to the dead-letter stream. */
    record Undecodable(String id, String reason) implements DecodedEntry {}

    static DecodedEntry of(String id, Map<String, String> body) {
        if (body == null || body.isEmpty()) {
            return new Events(id, List.of()); // deleted from the stream while pending: nothing to write
        }
        try {
            return new Events(id, PacketEvent.parse(id, body));
        } catch (RuntimeException e) {
            return new Undecodable(id, "cannot decode the entry: " + e.getMessage());
        }
    }
}
