package io.hongbao.lottery.application;

import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.wheel.PrizeTally;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.lottery.model.wheel.Wheels;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

final class InMemoryWheels implements Wheels {

    private final Map<WheelId, Wheel> wheels = new LinkedHashMap<>();

    @Override
    public void add(Wheel wheel, Instant createdAt) {
        wheels.put(wheel.id(), wheel);
    }

    @Override
    public Optional<Wheel> find(WheelId id) {
        return Optional.ofNullable(wheels.get(id));
    }

    @Override
    public List<WheelId> newest(int limit) {
        List<WheelId> newestFirst = new ArrayList<>(wheels.keySet());
        Collections.reverse(newestFirst);
        return newestFirst.stream().limit(limit).toList();
    }

    @Override
    public List<PrizeTally> tally(Wheel wheel, Instant now) {
        return List.of();
    }
}
