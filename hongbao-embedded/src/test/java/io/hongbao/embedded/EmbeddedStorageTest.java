package io.hongbao.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class EmbeddedStorageTest {

    @Test
    void bothServersAreWantedWhenNothingIsConfigured() {
        ServersWanted wanted = EmbeddedStorage.wanted(new MockEnvironment()
                .withProperty("hongbao.data-dir", "/tmp/x")
                .withProperty("hongbao.redis.max-memory", "64MB"));

        assertThat(wanted).isEqualTo(new ServersWanted(Path.of("/tmp/x"), true, true, 64L * 1024 * 1024));
    }

    @Test
    void aConfiguredRedisOrClusterMeansNoEmbeddedRedis() {
        MockEnvironment url = new MockEnvironment().withProperty("hongbao.redis.url", "redis://elsewhere:6379");
        MockEnvironment cluster = new MockEnvironment().withProperty("hongbao.redis.cluster", "a:7000,b:7000");

        assertThat(EmbeddedStorage.wanted(url).redis()).isFalse();
        assertThat(EmbeddedStorage.wanted(url).mariaDb()).isTrue();
        assertThat(EmbeddedStorage.wanted(cluster).redis()).isFalse();
    }

    @Test
    void aConfiguredDatabaseOrShardsMeansNoEmbeddedMariaDb() {
        MockEnvironment url = new MockEnvironment()
                .withProperty("hongbao.db.url", "jdbc:mariadb://elsewhere/hongbao")
                .withProperty("hongbao.redis.max-memory", "1GB");
        MockEnvironment shards = new MockEnvironment()
                .withProperty("hongbao.db.shards", "jdbc:a,jdbc:b")
                .withProperty("hongbao.redis.max-memory", "1GB");

        assertThat(EmbeddedStorage.wanted(url).mariaDb()).isFalse();
        assertThat(EmbeddedStorage.wanted(url).redis()).isTrue();
        assertThat(EmbeddedStorage.wanted(shards).mariaDb()).isFalse();
    }

    @Test
    void blankValuesCountAsNotConfigured() {
        MockEnvironment blank = new MockEnvironment()
                .withProperty("hongbao.redis.url", " ")
                .withProperty("hongbao.redis.cluster", "")
                .withProperty("hongbao.db.url", "")
                .withProperty("hongbao.redis.max-memory", "1GB");

        assertThat(EmbeddedStorage.wanted(blank).redis()).isTrue();
        assertThat(EmbeddedStorage.wanted(blank).mariaDb()).isTrue();
    }
}
