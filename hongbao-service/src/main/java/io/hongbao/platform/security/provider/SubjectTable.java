package io.hongbao.platform.security.provider;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.ids.UserIds;
import org.springframework.jdbc.core.simple.JdbcClient;
import reactor.core.publisher.Mono;

/**
 * Subjects and their user ids in {@code provider_subjects} on the first database, read and written there directly
 * (V48, ADR 0097): one table allocates every id, whatever the shard count. A row never changes once written, so what
 * was read is kept in memory; only a subject's first call on an instance reads the database, on the blocking pool.
 */
final class SubjectTable implements SubjectUserIds {

    /** The database that holds the table: the first, whose place the shard layout fixes for the life of the data. */
    private static final int HOME = 0;

    private final EachDatabase databases;
    private final Blocking blocking;
    private final Cache<String, Long> known;

    SubjectTable(EachDatabase databases, Blocking blocking, long keep) {
        this.databases = databases;
        this.blocking = blocking;
        this.known = Caffeine.newBuilder().maximumSize(keep).build();
    }

    @Override
    public Mono<Long> userIdOf(String subject) {
        Long kept = known.getIfPresent(subject);
        if (kept != null) {
            return Mono.just(kept);
        }
        return blocking.call(() -> databases.on(HOME, jdbc -> readOrAllocate(jdbc, subject)))
                .doOnNext(userId -> known.put(subject, userId));
    }

    /**
     * Read first, so a known subject costs no insert (an ignored insert would still use up an AUTO_INCREMENT value);
     * two instances allocating the same new subject at once both insert, one is ignored, both read the winner's id.
     */
    private static long readOrAllocate(JdbcClient jdbc, String subject) {
        Long userId = read(jdbc, subject);
        if (userId == null) {
            jdbc.sql("INSERT IGNORE INTO provider_subjects (subject) VALUES (?)")
                    .param(subject)
                    .update();
            userId = read(jdbc, subject);
        }
        if (userId == null || !UserIds.valid(userId)) {
            throw new IllegalStateException("provider_subjects holds no valid user id for a subject: " + userId);
        }
        return userId;
    }

    private static Long read(JdbcClient jdbc, String subject) {
        return jdbc.sql("SELECT user_id FROM provider_subjects WHERE subject = ?")
                .param(subject)
                .query(Long.class)
                .optional()
                .orElse(null);
    }
}
