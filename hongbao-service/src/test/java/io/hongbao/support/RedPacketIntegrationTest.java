package io.hongbao.support;

import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Base of the red-packet tests that look behind the API: at a packet's Redis keys and stream, and at its rows.
 */
public abstract class RedPacketIntegrationTest extends IntegrationTest {

    @Autowired
    protected PacketKeys keys;

    @Autowired
    protected RedisConnection redis;

    @Autowired
    protected JdbcClient jdbc;
}
