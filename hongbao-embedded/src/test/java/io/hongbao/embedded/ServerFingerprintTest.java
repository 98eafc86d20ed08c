package io.hongbao.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The rule that decides which process we may stop, on what /proc shows for real servers. */
class ServerFingerprintTest {

    private static final ServerFingerprint OUR_REDIS =
            new ServerFingerprint("redis-server", Path.of("/srv/hongbao/data/redis"));
    private static final ServerFingerprint OUR_MARIADB =
            new ServerFingerprint("mariadbd", Path.of("/srv/hongbao/data/mariadb/data"));

    @Test
    void recognisesOurRedisByItsProgramAndWorkingFolder() {
        // Redis rewrites its command line to "<program> <address>"
        ProcessDescription orphan = process(
                List.of("/srv/hongbao/data/redis/bin/redis-server-6.2.6-v5-linux-amd64 127.0.0.1:41234"),
                "/srv/hongbao/data/redis/bin/redis-server-6.2.6-v5-linux-amd64",
                "/srv/hongbao/data/redis");

        assertThat(OUR_REDIS.matches(orphan)).isTrue();
    }

    @Test
    void neverTakesTheMachinesOwnRedisForOurs() {
        ProcessDescription machineRedis =
                process(List.of("redis-server 127.0.0.1:6379"), "/usr/bin/redis-server", "/var/lib/redis");

        assertThat(OUR_REDIS.matches(machineRedis)).isFalse();
    }

    @Test
    void recognisesOurMariaDbByItsDataFolderArgumentEvenWhenProcLinksAreHidden() {
        ProcessDescription orphan = new ProcessDescription(
                42,
                List.of(
                        "/srv/hongbao/data/mariadb/base/bin/mariadbd",
                        "--no-defaults",
                        "--datadir=/srv/hongbao/data/mariadb/data",
                        "--port=40123"),
                Optional.empty(),
                Optional.empty());

        assertThat(OUR_MARIADB.matches(orphan)).isTrue();
    }

    @Test
    void neverTakesTheMachinesOwnMariaDbForOurs() {
        ProcessDescription machineMariaDb =
                process(List.of("/usr/sbin/mariadbd"), "/usr/sbin/mariadbd", "/var/lib/mysql");

        assertThat(OUR_MARIADB.matches(machineMariaDb)).isFalse();
    }

    @Test
    void neverTakesAnotherInstanceOnASimilarlyNamedFolderForOurs() {
        ProcessDescription neighbour = process(
                List.of("/srv/hongbao/data2/mariadb/base/bin/mariadbd", "--datadir=/srv/hongbao/data2/mariadb/data"),
                "/srv/hongbao/data2/mariadb/base/bin/mariadbd",
                "/srv/hongbao/data2/mariadb/data");

        assertThat(OUR_MARIADB.matches(neighbour)).isFalse();
    }

    @Test
    void neverTakesAnotherProgramWorkingInOurFolderForOurs() {
        ProcessDescription shell = process(List.of("-bash"), "/usr/bin/bash", "/srv/hongbao/data/redis");

        assertThat(OUR_REDIS.matches(shell)).isFalse();
    }

    @Test
    void leavesAServerAloneWhenNothingVisibleTiesItToOurFolder() {
        ProcessDescription unknown =
                new ProcessDescription(7, List.of("redis-server 127.0.0.1:6380"), Optional.empty(), Optional.empty());

        assertThat(OUR_REDIS.matches(unknown)).isFalse();
    }

    private static ProcessDescription process(List<String> commandLine, String executable, String workingDirectory) {
        return new ProcessDescription(
                4242, commandLine, Optional.of(Path.of(executable)), Optional.of(Path.of(workingDirectory)));
    }
}
