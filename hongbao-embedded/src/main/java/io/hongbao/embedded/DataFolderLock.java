package io.hongbao.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Proof that this process alone runs embedded servers on a data folder. The operating system drops the lock when
 * its holder dies, even by {@code kill -9}; so while we hold it, a server found running on the folder was left
 * behind by a dead process (an {@link OrphanedServer}), never one a live service still uses.
 *
 * <p>A second start on a folder in use, from another process or from this one, fails at once with a clear message
 * instead of stopping the servers the first one relies on.
 */
final class DataFolderLock implements AutoCloseable {

    static final String FILE_NAME = "embedded-servers.lock";

    /**
     * Folders locked by this process. Checked before touching the lock file: file locks belong to the whole process,
     * and closing any channel on the file would silently release the lock the first user holds.
     */
    private static final Set<Path> HELD_HERE = ConcurrentHashMap.newKeySet();

    private final Path folder;
    private final FileChannel channel;
    private final FileLock lock;
    private final AtomicBoolean closed = new AtomicBoolean();

    private DataFolderLock(Path folder, FileChannel channel, FileLock lock) {
        this.folder = folder;
        this.channel = channel;
        this.lock = lock;
    }

    /** @param dataDir an existing folder, as a real path */
    static DataFolderLock acquire(Path dataDir) {
        if (!HELD_HERE.add(dataDir)) {
            throw new IllegalStateException("The data folder " + dataDir
                    + " is already used by embedded servers of this process: close those first");
        }
        Path file = dataDir.resolve(FILE_NAME);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new IllegalStateException("The data folder " + dataDir
                        + " is in use by another running process (pid " + holder(file)
                        + "): stop it, or give this one another hongbao.data-dir");
            }
            // the pid is only for the message above; the lock itself is what counts
            channel.truncate(0);
            channel.write(
                    ByteBuffer.wrap(Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8)));
            channel.force(false);
            return new DataFolderLock(dataDir, channel, lock);
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel);
            HELD_HERE.remove(dataDir);
            throw e instanceof IOException io
                    ? new UncheckedIOException("Could not lock the data folder " + dataDir, io)
                    : (RuntimeException) e;
        }
    }

    private static String holder(Path file) {
        try {
            String pid = Files.readString(file, StandardCharsets.UTF_8).trim();
            return pid.isEmpty() ? "unknown" : pid;
        } catch (IOException e) {
            return "unknown";
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel below releases it as well
        }
        closeQuietly(channel);
        HELD_HERE.remove(folder);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to release
        }
    }
}
