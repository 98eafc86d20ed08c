package io.hongbao.platform.db;

import java.util.List;
import java.util.Objects;

/**
 * Kinds of ledger account a feature writes, each a prefix followed by the value of a {@link ShardKey}: a leg of
 * {@code <prefix><value>} lives on the shard the key places the value on, so that each shard's legs sum to zero on
 * their own (ADR 0084). Each feature declares its kinds as a bean; a leg of an account of no declared kind has no shard
 * and fails to be written.
 */
public record LedgerAccountKinds(List<Kind> kinds) {

    public LedgerAccountKinds {
        kinds = List.copyOf(kinds);
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("a declaration of ledger account kinds names at least one");
        }
    }

    /** Every prefix placed by one key. */
    public static LedgerAccountKinds of(ShardKey key, String... prefixes) {
        return new LedgerAccountKinds(
                List.of(prefixes).stream().map(prefix -> new Kind(prefix, key)).toList());
    }

    /** Accounts {@code <prefix><value>}, placed by {@code key}. */
    public record Kind(String prefix, ShardKey key) {
        public Kind {
            if (prefix == null || !prefix.matches("([a-z]+:)+")) {
                throw new IllegalArgumentException(
                        "a ledger account prefix is lower-case words each ending in ':', not " + prefix);
            }
            Objects.requireNonNull(key, "key");
        }
    }
}
