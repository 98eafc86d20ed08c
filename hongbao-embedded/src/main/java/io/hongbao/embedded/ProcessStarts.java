package io.hongbao.embedded;

import java.io.IOException;
import java.time.Duration;

/**
 * Starts a server's process, retrying while the kernel refuses its executable as busy ({@code ETXTBSY}, "Text file
 * busy").
 *
 * <p>Why it happens to a binary this JVM has finished writing: the servers of a test stage are started from several
 * threads at once, and each first copies its binary out of a jar. A fork on one thread copies every descriptor of the
 * JVM into the child, including another thread's descriptor of the binary it is still writing, and the child holds
 * it until it execs (or closes its descriptors) a moment later. The kernel refuses to execute a file that any
 * process has open for writing, so the other thread's start, right after it closed its own descriptor, can fail.
 * Nothing is wrong with the binary: the refusal ends within milliseconds, once that child has exec'd.
 */
final class ProcessStarts {

    /** How long the refusal may last before it is taken as real: far longer than a fork-to-exec gap. */
    static final Duration BUSY_FOR_AT_MOST = Duration.ofSeconds(5);

    private static final String TEXT_FILE_BUSY = "error=26";

    private ProcessStarts() {}

    static Process start(ProcessBuilder builder) throws IOException {
        long deadline = System.nanoTime() + BUSY_FOR_AT_MOST.toNanos();
        long pauseMillis = 5;
        while (true) {
            try {
                return builder.start();
            } catch (IOException e) {
                if (!isTextFileBusy(e) || System.nanoTime() > deadline) {
                    throw e;
                }
            }
            pause(pauseMillis);
            pauseMillis = Math.min(pauseMillis * 2, 200);
        }
    }

    static boolean isTextFileBusy(IOException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null && cause.getMessage().contains(TEXT_FILE_BUSY)) {
                return true;
            }
        }
        return false;
    }

    private static void pause(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the executable was busy", e);
        }
    }
}
