package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.platform.collections.Chunks;
import io.hongbao.redpacket.infrastructure.streams.DecodedEntry;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;

/**
 * Writes the events of a batch of stream entries and settles each entry: written (to be acknowledged) or rejected (to
 * be dead-lettered). Events go in transactions of at most {@code sliceSize}. A slice that fails its retries for a
 * reason in the data ({@link WriteFailures#deterministic}) is written again one event per transaction, so that one bad
 * event costs only its own entry: an entry is acknowledged as a unit, so it is rejected whole when one of its events
 * fails, while its other events stay written (the writer is idempotent; a replay skips them). Any other failure is
 * thrown: nothing is settled, and every entry of the batch stays pending for a reclaim.
 */
final class WritingEntries {

    private static final Logger log = LoggerFactory.getLogger(WritingEntries.class);
    private static final int ATTEMPTS = 3;
    private static final int MAX_CAUSE_LENGTH = 300;

    /** {@link PacketEventWriter#write}: one transaction, idempotent. */
    interface EventWrites {
        int write(List<PacketEvent> events);
    }

    /** An entry that cannot be written, and why. */
    record Rejected(String id, String reason) {}

    /**
     * The entries whose events are all in the database, and those that never will be.
     *
     * @param recorded of each settled entry (written or rejected), its events that are in the database: what the
     *     second step credits to payees on other databases (ADR 0084) before the entry is settled
     */
    record Settled(List<String> written, List<Rejected> rejected, Map<String, List<PacketEvent>> recorded) {}

    private final EventWrites writes;
    private final int sliceSize;

    WritingEntries(EventWrites writes, int sliceSize) {
        this.writes = writes;
        this.sliceSize = sliceSize;
    }

    /**
     * @throws RuntimeException a failure that may not happen again (the database down or slow, a deadlock that
     *     outlived the retries): the caller acknowledges and dead-letters nothing
     */
    Settled write(List<DecodedEntry> entries) {
        List<PacketEvent> events = new ArrayList<>();
        for (DecodedEntry entry : entries) {
            if (entry instanceof DecodedEntry.Events decoded) {
                events.addAll(decoded.events());
            }
        }
        Map<String, List<String>> failures = new HashMap<>();
        Set<PacketEvent> failed = Collections.newSetFromMap(new IdentityHashMap<>());
        // Each slice commits on its own; a crash between slices leaves every entry unacknowledged, and the replay
        // skips what was committed.
        for (List<PacketEvent> slice : Chunks.of(events, sliceSize)) {
            try {
                writeWithRetries(slice);
            } catch (RuntimeException e) {
                if (!WriteFailures.deterministic(e)) {
                    throw e;
                }
                log.warn(
                        "a slice of {} events fails on its data ({}); writing its events one by one",
                        slice.size(),
                        e.getClass().getSimpleName());
                writeOneByOne(slice, failures, failed);
            }
        }
        return settle(entries, failures, failed);
    }

    private void writeOneByOne(List<PacketEvent> slice, Map<String, List<String>> failures, Set<PacketEvent> failed) {
        for (PacketEvent event : slice) {
            try {
                writeWithRetries(List.of(event));
            } catch (RuntimeException e) {
                if (!WriteFailures.deterministic(e)) {
                    throw e;
                }
                failures.computeIfAbsent(event.streamId(), id -> new ArrayList<>())
                        .add(describe(event) + " failed: " + cause(e));
                failed.add(event);
            }
        }
    }

    private void writeWithRetries(List<PacketEvent> events) {
        for (int attempt = 1; ; attempt++) {
            try {
                writes.write(events);
                return;
            } catch (DataAccessException e) {
                // A deadlock, or a unique key hit because another consumer wrote the same entries just now: the
                // retry finds them recorded and skips them. What fails every attempt fails on its data.
                if (attempt == ATTEMPTS) {
                    throw e;
                }
                log.debug("retrying a write of {} events after {}", events.size(), e.toString());
            }
        }
    }

    private static Settled settle(
            List<DecodedEntry> entries, Map<String, List<String>> failures, Set<PacketEvent> failedEvents) {
        List<String> written = new ArrayList<>();
        List<Rejected> rejected = new ArrayList<>();
        Map<String, List<PacketEvent>> recorded = new HashMap<>();
        for (DecodedEntry entry : entries) {
            if (entry instanceof DecodedEntry.Undecodable undecodable) {
                rejected.add(new Rejected(undecodable.id(), undecodable.reason()));
            } else if (entry instanceof DecodedEntry.Events decoded) {
                recorded.put(
                        decoded.id(),
                        decoded.events().stream()
                                .filter(event -> !failedEvents.contains(event))
                                .toList());
                List<String> failed = failures.get(decoded.id());
                if (failed == null) {
                    written.add(decoded.id());
                } else {
                    rejected.add(new Rejected(
                            decoded.id(), reason(failed, decoded.events().size())));
                }
            }
        }
        return new Settled(written, rejected, recorded);
    }

    private static String reason(List<String> failed, int events) {
        int written = events - failed.size();
        String rest = written == 0
                ? "no event of the entry is written"
                : "its other " + written + " of " + events + " events are written; a replay of the entry skips them";
        return String.join("; ", failed) + " (" + rest + ")";
    }

    private static String describe(PacketEvent event) {
        if (event instanceof PacketEvent.Grab grab) {
            return "grab of packet " + grab.packet().value() + " by user "
                    + grab.user().value() + " (share " + grab.seq() + ", " + grab.amount() + " cents)";
        }
        PacketEvent.Refund refund = (PacketEvent.Refund) event;
        return "refund of packet " + refund.packet().value() + " to user "
                + refund.sender().value() + " (" + refund.amount() + " cents)";
    }

    private static String cause(RuntimeException e) {
        Throwable cause = NestedExceptionUtils.getMostSpecificCause(e);
        String text = e.getClass().getSimpleName() + ": " + cause.getMessage();
        return text.length() <= MAX_CAUSE_LENGTH ? text : text.substring(0, MAX_CAUSE_LENGTH) + "…";
    }
}
