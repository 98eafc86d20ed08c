package io.hongbao.platform.collections;

import java.util.AbstractList;
import java.util.List;

/**
 * A list cut into consecutive pieces of at most {@code size} elements: how a multi-row statement or a multi-key
 * command is kept under the server's limits. The pieces are views ({@link List#subList}), nothing is copied.
 */
public final class Chunks {

    private Chunks() {}

    public static <T> List<List<T>> of(List<T> items, int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a chunk holds at least one element");
        }
        return new AbstractList<>() {
            @Override
            public List<T> get(int index) {
                int from = index * size;
                return items.subList(from, Math.min(items.size(), from + size));
            }

            @Override
            public int size() {
                return (items.size() + size - 1) / size;
            }
        };
    }
}
