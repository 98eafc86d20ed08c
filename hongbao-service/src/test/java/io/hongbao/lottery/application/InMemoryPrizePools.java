package io.hongbao.lottery.application;

import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.release.PlacedUnit;
import io.hongbao.lottery.model.release.PoolTake;
import io.hongbao.lottery.model.release.PrizePools;
import io.hongbao.lottery.model.release.WheelUnits;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The wheels' Redis pools in memory, deciding as lottery_draw.lua and lottery_publish.lua do: a pool is used only once
 * loaded; a won unit never comes back; a draw's outcome is decided once and remembered for its repeats.
 */
final class InMemoryPrizePools implements PrizePools {

    private final Map<WheelId, Pool> pools = new HashMap<>();
    private boolean failing;
    private boolean timingOut;
    private final java.util.Set<WheelId> broken = new java.util.HashSet<>();
    private int publishCalls;

    @Override
    public boolean reachable() {
        return true;
    }

    @Override
    public CompletionStage<Boolean> publish(WheelId wheel, List<PlacedUnit> units) {
        publishCalls++;
        if (failing || broken.contains(wheel)) {
            return CompletableFuture.failedFuture(new IllegalStateException("Redis is away"));
        }
        Pool pool = pools.get(wheel);
        if (pool == null) {
            return CompletableFuture.completedFuture(false);
        }
        pool.add(units);
        return CompletableFuture.completedFuture(true);
    }

    @Override
    public CompletionStage<Void> load(WheelId wheel, WheelUnits units) {
        if (failing) {
            return CompletableFuture.failedFuture(new IllegalStateException("Redis is away"));
        }
        Pool pool = pools.computeIfAbsent(wheel, w -> new Pool());
        pool.won.addAll(units.won());
        pool.add(units.unwon());
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<PoolTake> take(WheelId wheel, DrawId draw, Instant now) {
        if (timingOut) {
            return CompletableFuture.failedFuture(new IllegalStateException("Redis did not answer in time"));
        }
        Pool pool = pools.get(wheel);
        if (pool == null) {
            return CompletableFuture.completedFuture(new PoolTake.NotLoaded());
        }
        return CompletableFuture.completedFuture(pool.decided.computeIfAbsent(
                draw,
                d -> pool.earliestReleased(now)
                        .<PoolTake>map(unit -> {
                            pool.unwon.remove(unit);
                            pool.won.add(unit);
                            return new PoolTake.Unit(unit);
                        })
                        .orElseGet(PoolTake.Nothing::new)));
    }

    @Override
    public CompletionStage<Void> forget(WheelId wheel, DrawId draw) {
        pools.get(wheel).decided.remove(draw);
        return CompletableFuture.completedFuture(null);
    }

    /** Redis loses the wheel's pool. */
    void lose(WheelId wheel) {
        pools.remove(wheel);
    }

    void failing(boolean failing) {
        this.failing = failing;
    }

    /** Every take fails from now on, as a script whose command timed out. */
    void timingOut(boolean timingOut) {
        this.timingOut = timingOut;
    }

    /** Publishing to this wheel's pool fails from now on (a broken key), the others work. */
    void broken(WheelId wheel) {
        broken.add(wheel);
    }

    /** The pool's unwon units, or empty when it is not loaded. */
    Optional<List<UnitRef>> unwon(WheelId wheel) {
        return Optional.ofNullable(pools.get(wheel)).map(pool -> List.copyOf(pool.unwon.keySet()));
    }

    int publishCalls() {
        return publishCalls;
    }

    private static final class Pool {
        final Map<UnitRef, Instant> unwon = new LinkedHashMap<>();
        final Set<UnitRef> won = new HashSet<>();
        final Map<DrawId, PoolTake> decided = new HashMap<>();

        void add(List<PlacedUnit> units) {
            for (PlacedUnit unit : units) {
                if (!won.contains(unit.unit())) {
                    unwon.put(unit.unit(), unit.releaseAt());
                }
            }
        }

        Optional<UnitRef> earliestReleased(Instant now) {
            List<Map.Entry<UnitRef, Instant>> released = new ArrayList<>();
            unwon.entrySet().stream().filter(e -> !e.getValue().isAfter(now)).forEach(released::add);
            return released.stream()
                    .min(Map.Entry.<UnitRef, Instant>comparingByValue()
                            .thenComparing(e -> e.getKey().member(), Comparator.naturalOrder()))
                    .map(Map.Entry::getKey);
        }
    }
}
