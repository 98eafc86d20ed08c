package io.hongbao.lottery.model.draw;

import io.hongbao.account.model.UserId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One draw's request to spend its wheel's draw cost, as a batch of draws spends them together (ADR 0079), with the
 * request's Idempotency-Key when it carries one (ADR 0098).
 */
public record DrawSpend(PendingDraw draw, long cost, Optional<DrawKey> key) {

    public DrawSpend {
        if (draw == null) {
            throw new IllegalArgumentException("a spend is for a draw");
        }
        if (cost < 0) {
            throw new IllegalArgumentException("a draw cannot cost " + cost + " points");
        }
        if (key == null) {
            throw new IllegalArgumentException("a spend has a key or says it has none");
        }
    }

    /** A draw request without an Idempotency-Key. */
    public DrawSpend(PendingDraw draw, long cost) {
        this(draw, cost, Optional.empty());
    }

    /** The caller's key, when the request carries one. */
    public Optional<DrawKey.Held> heldKey() {
        return key.map(k -> k.heldBy(draw.userId()));
    }

    /**
     * Which spends of a batch the drawers' points cover, deciding in the batch's order as if each spend were the
     * conditional debit {@code points >= cost} run alone after the ones before it: two draws of one user who can pay
     * for one spend once (the first). {@code points} holds each drawer's points before the batch (absent: none).
     */
    public static boolean[] covered(List<DrawSpend> spends, Map<UserId, Long> points) {
        List<SpendVerdict> verdicts = verdicts(spends, points, Map.of());
        boolean[] covered = new boolean[spends.size()];
        for (int i = 0; i < covered.length; i++) {
            covered[i] = verdicts.get(i) instanceof SpendVerdict.Paid;
        }
        return covered;
    }

    /**
     * What each spend of a batch comes to, in the batch's order, as if each request ran alone after the ones before
     * it (ADR 0098). A keyed spend whose key is {@code recorded} (by an earlier request) or was taken by an earlier
     * spend of the batch spends nothing: a repeat of that draw when the request is the same, {@link
     * SpendVerdict.KeyReused} when it is another. The rest are paid when the drawer's points cover them, as {@link
     * #covered} says.
     *
     * <p>Only the first spend of a batch with a given key can be paid: a later one with the same request repeats it
     * (or is refused as it was, having the same cost and no more points), one with another request is
     * {@link SpendVerdict.KeyReused}, even when the first was refused. Two requests with one key at the same moment
     * are either; recording only the first keeps one row per key per batch.
     */
    public static List<SpendVerdict> verdicts(
            List<DrawSpend> spends, Map<UserId, Long> points, Map<DrawKey.Held, RecordedKey> recorded) {
        Map<UserId, Long> left = new HashMap<>(points);
        Map<DrawKey.Held, Integer> firstWithKey = new HashMap<>();
        List<SpendVerdict> verdicts = new ArrayList<>(spends.size());
        for (int i = 0; i < spends.size(); i++) {
            DrawSpend spend = spends.get(i);
            Optional<DrawKey.Held> held = spend.heldKey();
            if (held.isPresent() && recorded.containsKey(held.get())) {
                verdicts.add(recorded.get(held.get()).answers(spend.key().orElseThrow()));
            } else if (held.isPresent() && firstWithKey.containsKey(held.get())) {
                verdicts.add(spend.after(
                        spends.get(firstWithKey.get(held.get())), verdicts.get(firstWithKey.get(held.get()))));
            } else {
                held.ifPresent(k -> firstWithKey.put(k, verdicts.size()));
                verdicts.add(spend.coveredBy(left) ? new SpendVerdict.Paid() : new SpendVerdict.NotCovered());
            }
        }
        return verdicts;
    }

    /** Debits the spend from {@code left} when it covers it. */
    private boolean coveredBy(Map<UserId, Long> left) {
        long has = left.getOrDefault(draw.userId(), 0L);
        if (has < cost) {
            return false;
        }
        left.put(draw.userId(), has - cost);
        return true;
    }

    /** This spend's verdict when {@code first}, earlier in the batch with the same key, came to {@code itsVerdict}. */
    private SpendVerdict after(DrawSpend first, SpendVerdict itsVerdict) {
        if (!first.key().orElseThrow().fingerprint().equals(key.orElseThrow().fingerprint())) {
            return new SpendVerdict.KeyReused();
        }
        return itsVerdict instanceof SpendVerdict.Paid
                ? new SpendVerdict.Repeat(first.draw().id())
                : itsVerdict;
    }
}
