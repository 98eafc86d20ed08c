package io.hongbao.bench.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** SIGSTOP and SIGCONT, which a JVM cannot send itself: {@code kill(1)}. */
final class Signals {

    private Signals() {}

    /** The process keeps its sockets and answers nothing: a long GC pause, a swap storm, a frozen VM. */
    static void stop(long pid) {
        send("STOP", pid);
    }

    static void resume(long pid) {
        send("CONT", pid);
    }

    private static void send(String signal, long pid) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                    .redirectErrorStream(true)
                    .start();
            String output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid + " failed: " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
