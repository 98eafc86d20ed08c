package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.WheelId;

/**
 * Redis keys of one wheel. They share the hash tag {@code {lottery:<wheelId>}}, so one script can touch all of them on
 * Redis Cluster too; a wheel's draws therefore live on one shard, which a shared pool needs anyway.
 */
final class LotteryKeys {

    private LotteryKeys() {}

    static String pool(WheelId wheel) {
        return tag(wheel) + ":pool";
    }

    /** One draw's decided outcome, with its own expiry (lottery_draw.lua). */
    static String outcome(WheelId wheel, DrawId draw) {
        return tag(wheel) + ":outcome:" + draw.value();
    }

    /** Every outcome in one hash, as deployments before ADR 0061 wrote them: read, and forgotten, only. */
    static String outcomes(WheelId wheel) {
        return tag(wheel) + ":outcomes";
    }

    static String won(WheelId wheel) {
        return tag(wheel) + ":won";
    }

    /** Present once the pool was loaded whole from the database; gone when Redis lost the wheel's keys. */
    static String loaded(WheelId wheel) {
        return tag(wheel) + ":loaded";
    }

    private static String tag(WheelId wheel) {
        return "{lottery:" + wheel.value() + "}";
    }
}
