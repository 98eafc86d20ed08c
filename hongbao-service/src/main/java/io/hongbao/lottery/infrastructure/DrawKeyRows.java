package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.draw.DrawKey;
import io.hongbao.lottery.model.draw.DrawSpend;
import io.hongbao.lottery.model.draw.RecordedKey;
import io.hongbao.lottery.model.draw.SpendVerdict;
import io.hongbao.platform.idempotency.IdempotencyRecords;
import io.hongbao.platform.idempotency.IdempotencyRecords.Answered;
import io.hongbao.platform.idempotency.IdempotencyRecords.Found;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Idempotency-Keys of a batch of draws, recorded in its spending transaction (ADR 0098) as idempotency records
 * whose answer is the draw's id, {@code {"drawId": "..."}}, as a keyed draw has always recorded it: a record written
 * by a draw before batches carried keys reads the same.
 */
final class DrawKeyRows {

    private static final Pattern DRAW_ID = Pattern.compile("\"drawId\"\\s*:\\s*\"([^\"]+)\"");

    private final IdempotencyRecords records;

    DrawKeyRows(IdempotencyRecords records) {
        this.records = records;
    }

    /**
     * Records the key of each batch's first spend with that key, and answers the keys that earlier requests had
     * recorded (which this batch then must not spend for). One statement when every key is new, the common case; a
     * key another transaction holds uncommitted (the same key at the same moment on another instance) waits for it
     * and counts as recorded when it commits.
     */
    Map<DrawKey.Held, RecordedKey> record(List<DrawSpend> spends) {
        Map<DrawKey.Held, DrawSpend> firsts = new LinkedHashMap<>();
        for (DrawSpend spend : spends) {
            spend.heldKey().ifPresent(held -> firsts.putIfAbsent(held, spend));
        }
        if (firsts.isEmpty()) {
            return Map.of();
        }
        List<Answered> rows =
                firsts.values().stream().map(DrawKeyRows::answered).toList();
        if (records.insertMissing(rows) == rows.size()) {
            return Map.of();
        }
        // Some key was there already: the rows naming another draw than this batch's are earlier requests'.
        List<Found> found = records.find(
                firsts.keySet().stream()
                        .map(held -> held.user().value())
                        .distinct()
                        .toList(),
                firsts.keySet().stream().map(DrawKey.Held::value).distinct().toList());
        Map<DrawKey.Held, RecordedKey> recorded = new HashMap<>();
        firsts.forEach((held, first) -> {
            Found row = stored(found, held);
            Optional<DrawId> draw = drawIdIn(row.body());
            if (!draw.equals(Optional.of(first.draw().id()))) {
                recorded.put(held, new RecordedKey(row.fingerprint(), draw));
            }
        });
        return recorded;
    }

    /**
     * Takes back the keys this batch recorded for spends that were then not paid: a refused request records nothing,
     * so its key can be used again once the points are there. Rare: a keyed draw refused for its points.
     */
    void forgetUnpaid(List<DrawSpend> spends, List<SpendVerdict> verdicts, Map<DrawKey.Held, RecordedKey> recorded) {
        Set<DrawKey.Held> forgotten = new HashSet<>();
        for (int i = 0; i < spends.size(); i++) {
            Optional<DrawKey.Held> held = spends.get(i).heldKey();
            if (held.isPresent()
                    && !recorded.containsKey(held.get())
                    && verdicts.get(i) instanceof SpendVerdict.NotCovered
                    && forgotten.add(held.get())) {
                records.delete(held.get().user().value(), held.get().value());
            }
        }
    }

    private static Answered answered(DrawSpend spend) {
        DrawKey key = spend.key().orElseThrow();
        return new Answered(
                spend.draw().userId().value(),
                key.value(),
                key.fingerprint(),
                "{\"drawId\":\"" + spend.draw().id().value() + "\"}",
                spend.draw().at());
    }

    /** The row of a held key: its own, else one the table's case-insensitive key takes for it. */
    private static Found stored(List<Found> found, DrawKey.Held held) {
        long user = held.user().value();
        return found.stream()
                .filter(row -> row.userId() == user && row.key().equals(held.value()))
                .findFirst()
                .or(() -> found.stream()
                        .filter(row -> row.holds(user, held.value()))
                        .findFirst())
                .orElseThrow(() -> new IllegalStateException(
                        "the key of user " + user + " was neither inserted nor found; the batch rolls back"));
    }

    private static Optional<DrawId> drawIdIn(String body) {
        Matcher matcher = DRAW_ID.matcher(body);
        return matcher.find() ? Optional.of(new DrawId(matcher.group(1))) : Optional.empty();
    }
}
