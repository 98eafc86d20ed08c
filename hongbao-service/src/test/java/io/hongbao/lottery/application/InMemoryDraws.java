package io.hongbao.lottery.application;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.draw.DrawKey;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.draw.DrawSpend;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.draw.PendingDraw;
import io.hongbao.lottery.model.draw.RecordedKey;
import io.hongbao.lottery.model.draw.SpendVerdict;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The draws and the points they move, in memory: a spend only when the points cover it; a draw finished once (a
 * repeat returns the first result); a unit recorded for one draw only, as the database's unique key keeps it.
 */
final class InMemoryDraws implements Draws {

    private final Map<UserId, Long> points = new HashMap<>();
    private final Map<DrawId, PendingDraw> spent = new LinkedHashMap<>();
    private final Map<DrawId, DrawResult> finished = new LinkedHashMap<>();
    private final Map<DrawId, Instant> finishedAt = new LinkedHashMap<>();
    private final Map<UnitRef, DrawId> wonBy = new HashMap<>();
    private final Map<DrawKey.Held, RecordedKey> keys = new HashMap<>();

    void grant(UserId user, long amount) {
        points.merge(user, amount, Long::sum);
    }

    long points(UserId user) {
        return points.getOrDefault(user, 0L);
    }

    int spentCount() {
        return spent.size();
    }

    /** When the draw was recorded as finished (the database's {@code finished_at}). */
    Instant finishedAt(DrawId draw) {
        return finishedAt.get(draw);
    }

    List<DrawResult> finished() {
        return List.copyOf(finished.values());
    }

    @Override
    public boolean spend(PendingDraw draw, long cost) {
        if (points(draw.userId()) < cost) {
            return false;
        }
        points.merge(draw.userId(), -cost, Long::sum);
        spent.put(draw.id(), draw);
        return true;
    }

    /**
     * As the database's batch does: the keys recorded before, the points before the batch, covering its spends in
     * order; a paid spend's key recorded with its draw.
     */
    @Override
    public List<SpendVerdict> spend(List<DrawSpend> spends) {
        List<SpendVerdict> verdicts = DrawSpend.verdicts(spends, points, keys);
        for (int i = 0; i < spends.size(); i++) {
            DrawSpend one = spends.get(i);
            if (verdicts.get(i) instanceof SpendVerdict.Paid) {
                spend(one.draw(), one.cost());
                one.key()
                        .ifPresent(key -> keys.put(
                                key.heldBy(one.draw().userId()),
                                new RecordedKey(
                                        key.fingerprint(),
                                        Optional.of(one.draw().id()))));
            }
        }
        return verdicts;
    }

    /** The keys recorded so far, as the idempotency records hold them. */
    Map<DrawKey.Held, RecordedKey> keys() {
        return Map.copyOf(keys);
    }

    @Override
    public DrawResult finish(PendingDraw draw, DrawOutcome outcome, Instant now) {
        DrawResult earlier = finished.get(draw.id());
        if (earlier != null) {
            return earlier;
        }
        if (outcome instanceof DrawOutcome.PrizeWon won) {
            if (wonBy.putIfAbsent(won.unit(), draw.id()) != null) {
                throw new IllegalStateException("unit " + won.unit().member() + " recorded for another draw");
            }
        } else {
            grant(
                    draw.userId(),
                    ((DrawOutcome.ConsolationWon) outcome).consolation().points());
        }
        DrawResult result = new DrawResult(draw.id(), draw.wheelId(), outcome, points(draw.userId()), draw.at());
        finished.put(draw.id(), result);
        finishedAt.put(draw.id(), now);
        return result;
    }

    @Override
    public boolean wonByAnotherDraw(UnitRef unit, DrawId draw) {
        DrawId winner = wonBy.get(unit);
        return winner != null && !winner.equals(draw);
    }

    @Override
    public Optional<DrawState> find(DrawId id) {
        return Optional.ofNullable(spent.get(id))
                .map(draw -> new DrawState(draw, Optional.ofNullable(finished.get(id))));
    }

    @Override
    public List<PendingDraw> pendingSince(Instant before, int limit) {
        return spent.values().stream()
                .filter(draw -> !finished.containsKey(draw.id()) && draw.at().isBefore(before))
                .limit(limit)
                .toList();
    }

    @Override
    public List<DrawResult> recent(UserId userId, int limit) {
        return finished.values().stream()
                .filter(result -> spent.get(result.id()).userId().equals(userId))
                .limit(limit)
                .toList();
    }
}
