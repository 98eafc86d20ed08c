package io.hongbao.platform.db;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToIntFunction;

/**
 * Hands the features' placements to ShardingSphere's algorithms. ShardingSphere creates a CLASS_BASED algorithm by
 * class name and gives it only string properties (it also keeps the rules, properties included, in its metadata
 * repository), so a function cannot travel in them; a {@link ShardedDataSource} registers its placements here under a
 * random name, put in each algorithm's properties, and removes them when it closes. Several DataSources in one JVM
 * (tests start several contexts) each have their own.
 */
final class ShardPlacements {

    private static final Map<String, Map<String, ToIntFunction<Comparable<?>>>> REGISTERED = new ConcurrentHashMap<>();

    private ShardPlacements() {}

    /** Registers the placements by algorithm name; returns the registration's name. */
    static String register(Map<String, ToIntFunction<Comparable<?>>> placements) {
        String registration = UUID.randomUUID().toString();
        REGISTERED.put(registration, Map.copyOf(placements));
        return registration;
    }

    static ToIntFunction<Comparable<?>> get(String registration, String algorithm) {
        Map<String, ToIntFunction<Comparable<?>>> placements = REGISTERED.get(registration);
        if (placements == null || !placements.containsKey(algorithm)) {
            throw new IllegalStateException("no placement " + algorithm + " registered under " + registration
                    + ": its DataSource was closed, or the rules were not built by ShardingRules");
        }
        return placements.get(algorithm);
    }

    static void unregister(String registration) {
        REGISTERED.remove(registration);
    }
}
