package io.hongbao.redpacket.warmup;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.LongSupplier;

/**
 * Says when the JIT is done with what the warm-up exercises: over the last {@code window}, the compilers spent less
 * than {@link #BUSY_BELOW} of that time compiling. While the warm-up's requests still meet interpreted or
 * lower-tier code, the compilers stay busy with it; once they fall quiet under that load, more requests would only
 * repeat compiled code. This sizes the warm-up to what this JVM needs: a JVM whose AOT cache brings method profiles
 * settles sooner than one that profiles everything from scratch, and a busy machine takes longer than a quiet one.
 */
final class JitSettling {

    /** Under a tenth of the window compiling: single leftovers, not the path still being compiled. */
    static final double BUSY_BELOW = 0.10;

    private final Duration window;
    private final LongSupplier compilingMillis;
    private final LongSupplier nanos;
    private final Deque<long[]> samples = new ArrayDeque<>();

    /**
     * @param compilingMillis the compilers' total time so far, in milliseconds
     * @param nanos a monotonic clock
     */
    JitSettling(Duration window, LongSupplier compilingMillis, LongSupplier nanos) {
        this.window = window;
        this.compilingMillis = compilingMillis;
        this.nanos = nanos;
    }

    /** On this JVM's compilers; {@link #settled()} is then never true when the JVM cannot say how long they took. */
    static JitSettling ofThisJvm(Duration window) {
        CompilationMXBean compilers = ManagementFactory.getCompilationMXBean();
        LongSupplier millis = compilers != null && compilers.isCompilationTimeMonitoringSupported()
                ? compilers::getTotalCompilationTime
                : () -> -1;
        return new JitSettling(window, millis, System::nanoTime);
    }

    /**
     * Takes a sample and says whether the last full window was quiet. Called from one thread at a time (the warm-up's
     * sending), often; a call within a tenth of the window of the last sample reuses it.
     */
    boolean settled() {
        long now = nanos.getAsLong();
        if (samples.isEmpty() || now - samples.peekLast()[0] >= window.toNanos() / 10) {
            samples.addLast(new long[] {now, compilingMillis.getAsLong()});
        }
        // Keep the newest sample that is at least a window old: the span measured is then the whole window.
        while (samples.size() > 1 && now - secondOldest()[0] >= window.toNanos()) {
            samples.removeFirst();
        }
        long[] oldest = samples.peekFirst();
        long[] newest = samples.peekLast();
        if (oldest[1] < 0 || now - oldest[0] < window.toNanos()) {
            return false;
        }
        double spanMillis = (now - oldest[0]) / 1e6;
        return newest[1] - oldest[1] < BUSY_BELOW * spanMillis;
    }

    private long[] secondOldest() {
        var it = samples.iterator();
        it.next();
        return it.next();
    }
}
