package io.hongbao.bench.http.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Waits before a measured run until the machine's cores have gone quiet. The targets of one {@code bench http} share
 * a MariaDB and a Redis, and after a run MariaDB keeps working on that run's rows for a while (purging old row
 * versions, flushing pages): without a pause, the next target's window pays for that on the same two cores, and single
 * pairs of an A/B moved by ±20 %. Quiet means the whole machine busy under {@link #QUIET_CORES} in each of
 * {@link #QUIET_SECONDS} consecutive seconds (idle targets, Redis and MariaDB together use a few hundredths of a core).
 */
public final class QuietMachine {

    static final double QUIET_CORES = 0.3;
    static final int QUIET_SECONDS = 3;

    private final Supplier<CpuMeter.MachineTicks> ticks;
    private final int cores;
    private final Sleeper sleeper;

    QuietMachine(Supplier<CpuMeter.MachineTicks> ticks, int cores, Sleeper sleeper) {
        this.ticks = ticks;
        this.cores = cores;
        this.sleeper = sleeper;
    }

    /** This machine, from {@code /proc/stat}. */
    public static QuietMachine here() {
        return new QuietMachine(
                () -> CpuMeter.machineTicks(readProcStat()),
                Runtime.getRuntime().availableProcessors(),
                Thread::sleep);
    }

    /**
     * @param limit how long to wait at most; zero waits not at all
     * @return how long it waited and whether the machine went quiet, with the busy cores of the last second
     */
    public Settled await(Duration limit) throws InterruptedException {
        if (limit.isZero()) {
            return new Settled(Duration.ZERO, true, Double.NaN);
        }
        long seconds = 0;
        int quietInARow = 0;
        double busy = Double.NaN;
        CpuMeter.MachineTicks before = ticks.get();
        while (quietInARow < QUIET_SECONDS && seconds < limit.toSeconds()) {
            sleeper.sleep(1_000);
            seconds++;
            CpuMeter.MachineTicks now = ticks.get();
            busy = busyCores(before, now);
            quietInARow = busy < QUIET_CORES ? quietInARow + 1 : 0;
            before = now;
        }
        return new Settled(Duration.ofSeconds(seconds), quietInARow >= QUIET_SECONDS, busy);
    }

    private double busyCores(CpuMeter.MachineTicks before, CpuMeter.MachineTicks now) {
        long busy = now.busy() - before.busy();
        long all = busy + now.idle() - before.idle();
        return all == 0 ? 0 : busy / (double) all * cores;
    }

    private static String readProcStat() {
        try {
            return Files.readString(Path.of("/proc/stat"));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc/stat", e);
        }
    }

    /** How a wait ended: after how long, quiet or at the limit, and the busy cores of its last second. */
    public record Settled(Duration waited, boolean quiet, double lastBusyCores) {

        public String describe() {
            return quiet
                    ? String.format("machine quiet after %d s", waited.toSeconds())
                    : String.format(
                            "machine still busy (%.2f cores) after %d s: measuring anyway",
                            lastBusyCores, waited.toSeconds());
        }
    }

    /** {@link Thread#sleep(long)}, replaceable in tests. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }
}
