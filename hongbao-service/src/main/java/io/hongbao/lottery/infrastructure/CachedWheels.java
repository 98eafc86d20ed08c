package io.hongbao.lottery.infrastructure;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.wheel.PrizeTally;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.lottery.model.wheel.Wheels;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Keeps wheels in memory once read: a wheel never changes after creation, so a cached one is never stale, and a draw
 * need not read it from the database. Unknown ids are not cached (a wheel created on another instance appears at
 * once).
 */
final class CachedWheels implements Wheels {

    private final Wheels stored;
    private final Cache<WheelId, Wheel> cache;

    CachedWheels(Wheels stored, long maxWheels) {
        this.stored = stored;
        this.cache = Caffeine.newBuilder().maximumSize(maxWheels).build();
    }

    @Override
    public void add(Wheel wheel, Instant createdAt) {
        stored.add(wheel, createdAt);
    }

    @Override
    public Optional<Wheel> find(WheelId id) {
        Wheel cached = cache.getIfPresent(id);
        if (cached != null) {
            return Optional.of(cached);
        }
        Optional<Wheel> found = stored.find(id);
        found.ifPresent(wheel -> cache.put(id, wheel));
        return found;
    }

    /** Always from the database: a wheel created on another instance is listed at once. */
    @Override
    public List<WheelId> newest(int limit) {
        return stored.newest(limit);
    }

    @Override
    public List<PrizeTally> tally(Wheel wheel, Instant now) {
        return stored.tally(wheel, now);
    }
}
