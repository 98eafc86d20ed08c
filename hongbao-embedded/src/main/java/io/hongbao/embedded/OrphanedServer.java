package io.hongbao.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server left running by an earlier process of ours that died without stopping it ({@code kill -9}, a crash, a
 * power cut of the JVM only). Such a server still holds its data folder (MariaDB's InnoDB lock; Redis would even let a
 * second server append to the same file), so a new start must stop it first.
 *
 * <p>Only called while holding the {@link DataFolderLock}: then no live process of ours owns the folder, and a
 * server on it is necessarily an orphan. The pid file alone is never trusted (pids get reused): the process must also
 * match the {@link ServerFingerprint}.
 */
final class OrphanedServer {

    private static final Logger log = LoggerFactory.getLogger(OrphanedServer.class);
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);
    private static final Duration POLL = Duration.ofMillis(20);

    private OrphanedServer() {}

    /**
     * Stops the server named by {@code pidFile} if it is still running and is ours: SIGTERM (both servers then shut
     * down cleanly, keeping every acknowledged write), then SIGKILL after {@code grace}. Removes a stale pid file.
     *
     * @throws IllegalStateException if the orphan survives even SIGKILL; starting beside it would corrupt the data
     */
    static void stopIfLeftRunning(Path pidFile, ServerFingerprint fingerprint, Duration grace) {
        Optional<Long> pid = readPid(pidFile);
        if (pid.isEmpty()) {
            return;
        }
        Optional<ProcessDescription> process = ProcessDescription.of(pid.get());
        if (process.isEmpty() || !fingerprint.matches(process.get())) {
            log.debug(
                    "{} names pid {}, which is not a {} on {}; ignoring it",
                    pidFile,
                    pid.get(),
                    fingerprint.programName(),
                    fingerprint.folder());
            deleteQuietly(pidFile);
            return;
        }
        log.warn(
                "A {} (pid {}) left running on {} by an earlier process that died without stopping it: stopping it",
                fingerprint.programName(),
                pid.get(),
                fingerprint.folder());
        stop(pid.get(), grace);
        deleteQuietly(pidFile);
    }

    static Optional<Long> readPid(Path pidFile) {
        try {
            return Optional.of(Long.parseLong(Files.readString(pidFile).trim()));
        } catch (IOException | NumberFormatException missingOrGarbled) {
            return Optional.empty();
        }
    }

    private static void stop(long pid, Duration grace) {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty()) {
            return;
        }
        handle.get().destroy();
        if (awaitExit(pid, grace)) {
            return;
        }
        log.warn("pid {} did not stop within {} s of SIGTERM: sending SIGKILL", pid, grace.toSeconds());
        handle.get().destroyForcibly();
        if (!awaitExit(pid, KILL_WAIT)) {
            throw new IllegalStateException("Could not stop the orphaned server with pid " + pid);
        }
    }

    /**
     * Polls /proc: the orphan is not our child, so there is nothing to wait on, and ProcessHandle.onExit() polls
     * too slowly for a start-up path (about a second). A zombie counts as gone: it holds no files any more.
     */
    private static boolean awaitExit(long pid, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (ProcessDescription.of(pid).isPresent()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while stopping the orphaned server with pid " + pid, e);
            }
        }
        return true;
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            log.debug("Could not delete {}", file, e);
        }
    }
}
