package io.hongbao.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stopping orphans on real processes: a copy of sleep(1) plays the orphaned server. */
class OrphanedServerTest {

    private static final Duration GRACE = Duration.ofSeconds(5);

    @TempDir
    Path folder;

    @Test
    void stopsAServerOfOursLeftRunningOnTheFolder() throws Exception {
        Path fakeServer = Files.copy(
                Path.of("/bin/sleep"), folder.resolve("redis-server-fake"), StandardCopyOption.COPY_ATTRIBUTES);
        Process orphan = new ProcessBuilder(List.of(fakeServer.toString(), "60"))
                .directory(folder.toFile())
                .start();
        try {
            Path pidFile = writePidFile(orphan.pid());

            OrphanedServer.stopIfLeftRunning(pidFile, fingerprint(), GRACE);

            assertThat(orphan.waitFor(5, TimeUnit.SECONDS)).isTrue();
            assertThat(pidFile).doesNotExist();
        } finally {
            orphan.destroyForcibly();
        }
    }

    @Test
    void neverStopsAProcessThatIsNotOurServerEvenIfThePidFileNamesIt() throws Exception {
        // a stale pid file whose pid now belongs to someone else: here, this very JVM
        Path pidFile = writePidFile(ProcessHandle.current().pid());

        OrphanedServer.stopIfLeftRunning(pidFile, fingerprint(), GRACE);

        assertThat(ProcessHandle.current().isAlive()).isTrue();
        assertThat(pidFile).as("stale pid file removed").doesNotExist();
    }

    @Test
    void neverStopsTheRightProgramWorkingOnAnotherFolder() throws Exception {
        Path fakeServer = Files.copy(
                Path.of("/bin/sleep"), folder.resolve("redis-server-fake"), StandardCopyOption.COPY_ATTRIBUTES);
        Path elsewhere = Files.createDirectories(folder.resolve("elsewhere"));
        Process other = new ProcessBuilder(List.of(fakeServer.toString(), "60"))
                .directory(elsewhere.toFile())
                .start();
        try {
            OrphanedServer.stopIfLeftRunning(writePidFile(other.pid()), fingerprint(), GRACE);

            assertThat(other.isAlive()).isTrue();
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    void ignoresAPidFileOfADeadProcessOrWithGarbage() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path pidFile = writePidFile(gone.pid());

        OrphanedServer.stopIfLeftRunning(pidFile, fingerprint(), GRACE);
        assertThat(pidFile).doesNotExist();

        Files.writeString(pidFile, "not a pid");
        OrphanedServer.stopIfLeftRunning(pidFile, fingerprint(), GRACE);
        OrphanedServer.stopIfLeftRunning(folder.resolve("missing.pid"), fingerprint(), GRACE);
    }

    private ServerFingerprint fingerprint() throws Exception {
        return new ServerFingerprint("redis-server", folder.toRealPath());
    }

    private Path writePidFile(long pid) throws Exception {
        return Files.writeString(folder.resolve("server.pid"), Long.toString(pid));
    }
}
