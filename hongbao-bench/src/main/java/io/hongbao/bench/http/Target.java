package io.hongbao.bench.http;

import java.util.List;
import java.util.OptionalLong;

/** Something the bench loads with grabs: the Hongbao service or the seed peer. */
interface Target {

    String name();

    String baseUrl();

    /** The process to charge CPU to, when the bench knows it. */
    OptionalLong pid();

    /** Creates fresh RANDOM packets of {@code shares} shares averaging {@code centsPerShare}; answers their ids. */
    List<String> createPackets(int count, int shares, long centsPerShare) throws Exception;

    /** After the load stopped: waits until every granted share is persisted, or answers null if nothing persists. */
    Persistence awaitPersisted(List<String> packetIds, long granted, long loadStoppedNanos) throws Exception;
}
