package io.hongbao.lottery;

import io.hongbao.lottery.model.WheelId;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.LotteryApi;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The lottery ITs' shared fixtures: the HTTP section, users with points, and looks into the database and Redis. */
abstract class LotteryIntegrationTest extends IntegrationTest {

    @Autowired
    protected JdbcClient jdbc;

    @Autowired
    protected RedisConnection redis;

    protected LotteryApi lottery() {
        return new LotteryApi(api(), http);
    }

    protected long userWithPoints(long points) {
        long user = newUser();
        api().grantPoints(user, points).expectStatus().isOk();
        return user;
    }

    protected long count(String sql, Object... params) {
        return jdbc.sql(sql).params(params).query(Long.class).single();
    }

    protected static String pool(WheelId wheel) {
        return "{lottery:" + wheel.value() + "}:pool";
    }

    protected long poolSize(WheelId wheel) {
        return redis.sync().zcard(pool(wheel));
    }
}
