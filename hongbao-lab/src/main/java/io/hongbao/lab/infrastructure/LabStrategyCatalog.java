package io.hongbao.lab.infrastructure;

import io.hongbao.account.application.DepositingMoney;
import io.hongbao.lab.infrastructure.db.DbOptimisticSharesStrategy;
import io.hongbao.lab.infrastructure.db.DbOptimisticVersionStrategy;
import io.hongbao.lab.infrastructure.db.DbPessimisticStrategy;
import io.hongbao.lab.infrastructure.hongbao.HongbaoStrategy;
import io.hongbao.lab.infrastructure.lua.LuaListStrategy;
import io.hongbao.lab.infrastructure.lua.LuaLiveSplitStrategy;
import io.hongbao.lab.infrastructure.redis.RedisAsyncQueueStrategy;
import io.hongbao.lab.infrastructure.redis.RedisListPopStrategy;
import io.hongbao.lab.infrastructure.redis.RedisLockStrategy;
import io.hongbao.lab.infrastructure.storage.LabTables;
import io.hongbao.lab.model.GrabStrategies;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.platform.db.Transactions;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.model.HotPackets;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Every strategy of the lab, built on the first database's own pool and the lab's Redis connection. A strategy that
 * needs more (the production path, say) is one more entry in {@link #strategies}.
 */
public final class LabStrategyCatalog implements GrabStrategies {

    private final LabTables tables;
    private final Map<String, Supplier<GrabStrategy>> strategies = new LinkedHashMap<>();

    public LabStrategyCatalog(
            JdbcClient jdbc,
            JdbcTemplate template,
            Transactions transactions,
            StatefulRedisConnection<String, String> redis,
            RedisClient redisClient,
            String redisUrl,
            Clock clock) {
        this.tables = new LabTables(jdbc, template, clock);
        strategies.put(RedisLockStrategy.NAME, () -> new RedisLockStrategy(tables, transactions, redisUrl));
        strategies.put(DbPessimisticStrategy.NAME, () -> new DbPessimisticStrategy(tables, transactions));
        strategies.put(DbOptimisticVersionStrategy.NAME, () -> new DbOptimisticVersionStrategy(tables, transactions));
        strategies.put(DbOptimisticSharesStrategy.NAME, () -> new DbOptimisticSharesStrategy(tables, transactions));
        strategies.put(RedisListPopStrategy.NAME, () -> new RedisListPopStrategy(tables, transactions, redis.sync()));
        strategies.put(
                RedisAsyncQueueStrategy.NAME,
                () -> new RedisAsyncQueueStrategy(tables, transactions, redis, redisClient));
        strategies.put(LuaListStrategy.NAME, () -> new LuaListStrategy(tables, transactions, redis));
        strategies.put(LuaLiveSplitStrategy.NAME, () -> new LuaLiveSplitStrategy(tables, transactions, redis));
    }

    public static final String HONGBAO = HongbaoStrategy.NAME;

    /**
     * The production path as a lab strategy, over the red-packet feature's use cases; {@code registry} holds the
     * service's grab-script counters, from which it reports its mean coalesced batch.
     */
    public static Supplier<GrabStrategy> hongbao(
            DepositingMoney depositing,
            SendingRedPacket sending,
            PublishingRedPacket publishing,
            GrabbingRedPacket grabbing,
            HotPackets hot,
            JdbcClient jdbc,
            MeterRegistry registry) {
        return () -> new HongbaoStrategy(depositing, sending, publishing, grabbing, hot, jdbc, registry);
    }

    /** Adds a strategy built elsewhere (e.g. the production path), keeping the catalogue's order otherwise. */
    public void add(String name, Supplier<GrabStrategy> strategy) {
        strategies.put(name, strategy);
    }

    @Override
    public List<String> names() {
        return List.copyOf(strategies.keySet());
    }

    @Override
    public GrabStrategy open(String name) {
        Supplier<GrabStrategy> strategy = strategies.get(name);
        if (strategy == null) {
            throw new IllegalArgumentException("no strategy named " + name + "; known: " + names());
        }
        return strategy.get();
    }

    @Override
    public long newRun(String strategy) {
        return tables.newRun(strategy);
    }
}
