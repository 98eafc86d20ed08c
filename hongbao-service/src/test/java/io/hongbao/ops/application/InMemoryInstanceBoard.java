package io.hongbao.ops.application;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The board as a map, for the use cases' tests. */
final class InMemoryInstanceBoard implements InstanceBoard {

    final Map<String, InstanceFigures> entries = new ConcurrentHashMap<>();

    @Override
    public void publish(InstanceFigures figures) {
        entries.put(figures.id(), figures);
    }

    @Override
    public List<InstanceFigures> all() {
        return new ArrayList<>(entries.values());
    }

    @Override
    public void forget(Collection<String> ids) {
        ids.forEach(entries::remove);
    }
}
