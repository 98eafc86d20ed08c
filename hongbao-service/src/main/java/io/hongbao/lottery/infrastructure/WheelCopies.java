package io.hongbao.lottery.infrastructure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Compares the copies of the wheels that each database shard holds (ADR 0088), as digests by wheel id, a page of each
 * database at a time: the part of {@code wheel-copies-agree} that needs no database.
 */
final class WheelCopies {

    /** Long enough for the pool filler's copies written one after another to have all committed. */
    static final Duration SETTLE = Duration.ofMillis(500);

    private WheelCopies() {}

    /**
     * @param differing the wheels whose copies differ among those this page settles
     * @param last the greatest id this page settles, where the next page starts; empty when every database is read
     */
    record Page(List<String> differing, Optional<String> last) {}

    /**
     * One page of each database (ids ascending, at most {@code pageSize} each). A full page may stop before ids that
     * another database's page holds, so only ids up to the smallest last id of the full pages are settled here; the
     * rest are read again on the next page.
     */
    static Page compare(List<Map<String, String>> pages, int pageSize) {
        Optional<String> bound = Optional.empty();
        for (Map<String, String> page : pages) {
            if (page.size() >= pageSize) {
                String last = new TreeSet<>(page.keySet()).last();
                if (bound.isEmpty() || last.compareTo(bound.get()) < 0) {
                    bound = Optional.of(last);
                }
            }
        }
        TreeSet<String> ids = new TreeSet<>();
        pages.forEach(page -> ids.addAll(page.keySet()));
        List<String> differing = new ArrayList<>();
        for (String id : bound.isPresent() ? ids.headSet(bound.get(), true) : ids) {
            if (describe(id, pages).isPresent()) {
                differing.add(id);
            }
        }
        return new Page(differing, bound);
    }

    /** What differs about one wheel's copies, by database; empty when every database holds the same. */
    static Optional<String> describe(String wheel, List<Map<String, String>> copies) {
        if (copies.stream().map(copy -> copy.get(wheel)).distinct().count() <= 1) {
            return Optional.empty();
        }
        List<String> each = new ArrayList<>();
        for (int database = 0; database < copies.size(); database++) {
            String digest = copies.get(database).get(wheel);
            each.add("database " + database + " "
                    + (digest == null ? "missing" : digest.substring(0, Math.min(8, digest.length()))));
        }
        return Optional.of("wheel " + wheel + " differs between its copies: " + String.join(", ", each));
    }
}
