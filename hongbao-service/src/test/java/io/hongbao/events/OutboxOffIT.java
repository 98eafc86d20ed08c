package io.hongbao.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.outbox.OutboxProgress;
import io.hongbao.support.Api;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Without a bus ({@code HONGBAO_KAFKA_BOOTSTRAP} unset, as in the shared test context) money moves as before and no
 * event is written: a service without a bus grows no table that nobody drains (ADR 0096).
 */
class OutboxOffIT extends IntegrationTest {

    @Autowired
    EachDatabase databases;

    @Autowired
    OutboxProgress outbox;

    @Test
    void withoutABusMoneyMovesAndNoEventIsWrittenOnAnyShard() {
        Api api = api();
        long sender = newUser();
        long grabber = newUser();
        api.deposit(sender, 5000).expectStatus().isOk();
        api.grantPoints(grabber, 20).expectStatus().isOk();
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        String packet = packets.sendOk(sender, 1000, 2, "EQUAL", null, null).id();
        packets.grabOk(grabber, packet);

        assertThat(api.balanceOf(sender)).isEqualTo(4000);
        assertThat(outbox.on()).isFalse();
        for (int shard = 0; shard < databases.count(); shard++) {
            long rows = databases.on(
                    shard,
                    jdbc -> jdbc.sql("SELECT COUNT(*) FROM outbox_events")
                            .query(Long.class)
                            .single());
            assertThat(rows).as("outbox rows on shard %d", shard).isZero();
        }
    }
}
