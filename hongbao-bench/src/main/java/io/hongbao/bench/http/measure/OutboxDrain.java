package io.hongbao.bench.http.measure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Watches the outbox empty after the load (ADR 0096): its rows counted every {@link #EVERY} from the moment the load
 * stopped. The outbox counts as drained at the first empty reading once every grant is in the database: before that the
 * persister may still write rows (a grab's events are written in its transaction), so an empty outbox then only means
 * the publisher caught up with the persister.
 */
public final class OutboxDrain implements AutoCloseable {

    static final Duration EVERY = Duration.ofMillis(50);

    /** Reads the rows waiting in the outbox now. */
    @FunctionalInterface
    public interface Rows {
        long count() throws Exception;
    }

    /** One count, dated by when its query began, in seconds after the load stopped. */
    record Reading(double secondsAfterLoad, long rows) {}

    /**
     * @param rowsAtLoadStop rows waiting when the load stopped: the window's backlog
     * @param drainSeconds from the load stopping until the outbox was empty with every grant persisted; negative if it
     *     did not get there within the time limit
     */
    public record Drained(long rowsAtLoadStop, double drainSeconds) {}

    private final Rows rows;
    private final long loadStoppedNanos;
    private final List<Reading> readings = new ArrayList<>();
    private final Thread watcher;

    private OutboxDrain(Rows rows, long loadStoppedNanos) {
        this.rows = rows;
        this.loadStoppedNanos = loadStoppedNanos;
        this.watcher = new Thread(this::watch, "outbox-drain");
        this.watcher.setDaemon(true);
    }

    /** Starts counting at once: call it right as the load stops. */
    public static OutboxDrain watch(Rows rows, long loadStoppedNanos) {
        OutboxDrain drain = new OutboxDrain(rows, loadStoppedNanos);
        drain.watcher.start();
        return drain;
    }

    /**
     * Waits until the outbox was seen empty at or after {@code persistedSeconds} (when every grant was in the
     * database, after the load stopped), or {@code limit} after the load stopped.
     */
    public Drained await(double persistedSeconds, Duration limit) throws InterruptedException {
        long deadline = loadStoppedNanos + limit.toNanos();
        while (System.nanoTime() < deadline && watcher.isAlive()) {
            Drained drained = drained(snapshot(), persistedSeconds);
            if (drained.drainSeconds() >= 0) {
                return drained;
            }
            Thread.sleep(EVERY.toMillis());
        }
        return drained(snapshot(), persistedSeconds);
    }

    /** The figures from the readings so far; {@code persistedSeconds} below 0 (unknown) waits for no grant. */
    static Drained drained(List<Reading> readings, double persistedSeconds) {
        if (readings.isEmpty()) {
            return new Drained(-1, -1);
        }
        for (Reading reading : readings) {
            if (reading.rows() == 0 && reading.secondsAfterLoad() >= persistedSeconds) {
                return new Drained(readings.get(0).rows(), reading.secondsAfterLoad());
            }
        }
        return new Drained(readings.get(0).rows(), -1);
    }

    private synchronized List<Reading> snapshot() {
        return List.copyOf(readings);
    }

    private void watch() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                double began = (System.nanoTime() - loadStoppedNanos) / 1e9;
                long count = rows.count();
                synchronized (this) {
                    readings.add(new Reading(began, count));
                }
                Thread.sleep(EVERY.toMillis());
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            System.err.println("bench http: the outbox's rows unreadable (" + e + "); no drain figure");
        }
    }

    @Override
    public void close() {
        watcher.interrupt();
    }
}
