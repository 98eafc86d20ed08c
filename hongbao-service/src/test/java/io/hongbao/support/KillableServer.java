package io.hongbao.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One server process of a test's own (redis-server, mariadbd) that the test hurts the way an operating system or an
 * operator would: {@code kill -9}, {@code SIGSTOP}/{@code SIGCONT}, and a restart with the very same command line
 * (same port, same data folder). Linux only: the command line and working folder are read from /proc before the first
 * kill, and the signals a JVM cannot send are sent by {@code kill(1)}.
 */
public final class KillableServer implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration STOP_GRACE = Duration.ofSeconds(60);

    private final String name;
    private final List<String> commandLine;
    private final Path workingFolder;
    private final Path restartLog;
    private final BooleanSupplier ready;
    private long pid;
    private Process relaunched;
    private boolean stalled;

    private KillableServer(
            String name,
            long pid,
            List<String> commandLine,
            Path workingFolder,
            Path restartLog,
            BooleanSupplier ready) {
        this.name = name;
        this.pid = pid;
        this.commandLine = List.copyOf(commandLine);
        this.workingFolder = workingFolder;
        this.restartLog = restartLog;
        this.ready = ready;
    }

    /** How to start a server again, from what /proc shows of the running one. */
    public interface Relaunch {
        List<String> command(Path executable, List<String> commandLine);
    }

    /** The command line as it was: right for servers that leave it alone (mariadbd; not redis-server). */
    public static final Relaunch SAME_COMMAND_LINE = (executable, commandLine) -> commandLine;

    /**
     * Takes charge of a running server: the descendant of this JVM whose program name starts with {@code program} and
     * whose command line mentions {@code folder} (so another server of the same kind is never touched).
     *
     * @param ready true once the server answers after a restart
     */
    public static KillableServer adopt(
            String program, Path folder, Relaunch relaunch, Path restartLog, BooleanSupplier ready) {
        String marker = realPath(folder).toString();
        ProcessHandle process = ProcessHandle.current()
                .descendants()
                .filter(p -> p.info()
                        .command()
                        .map(c -> Path.of(c).getFileName().toString().startsWith(program))
                        .orElse(false))
                .filter(p -> commandLineOf(p.pid()).stream().anyMatch(arg -> arg.contains(marker)))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + program + " of ours runs on " + marker));
        return new KillableServer(
                program,
                process.pid(),
                relaunch.command(link(process.pid(), "exe"), commandLineOf(process.pid())),
                link(process.pid(), "cwd"),
                restartLog,
                ready);
    }

    /**
     * Takes charge of a server this test started itself.
     *
     * @param command what started it, to start it again the same way
     * @param ready true once the server answers after a restart
     */
    public static KillableServer started(
            String name, Process process, List<String> command, Path workingFolder, BooleanSupplier ready) {
        return new KillableServer(
                name, process.pid(), command, workingFolder, workingFolder.resolve("restarted.log"), ready);
    }

    public long pid() {
        return pid;
    }

    /** SIGKILL, as a crash or the OOM killer would: no shutdown of any kind. Returns once the process is gone. */
    public void kill() {
        ProcessHandle handle = ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException(name + " is gone"));
        if (stalled) {
            resume();
        }
        handle.destroyForcibly();
        handle.onExit().orTimeout(30, TimeUnit.SECONDS).join();
    }

    /** SIGSTOP: the process keeps its sockets and answers nothing, like a machine in a long GC pause or swap storm. */
    public void stall() {
        signal("STOP");
        stalled = true;
    }

    /** SIGCONT after {@link #stall()}. */
    public void resume() {
        signal("CONT");
        stalled = false;
    }

    /**
     * Starts the server again with the command line it had, once the previous process is gone, and returns how long
     * it took to answer.
     */
    public Duration restart() {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            throw new IllegalStateException(name + " (pid " + pid + ") is still running");
        }
        long start = System.nanoTime();
        try {
            relaunched = new ProcessBuilder(commandLine)
                    .directory(workingFolder.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(restartLog.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not restart " + name, e);
        }
        pid = relaunched.pid();
        long deadline = start + READY_TIMEOUT.toNanos();
        while (!ready.getAsBoolean()) {
            if (!relaunched.isAlive()) {
                throw new IllegalStateException(
                        name + " exited with " + relaunched.exitValue() + "; see " + restartLog);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        name + " did not answer within " + READY_TIMEOUT + "; see " + restartLog);
            }
            sleep(Duration.ofMillis(20));
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /**
     * Stops what this class started (a restarted server: SIGTERM, a clean shutdown) and wakes a stalled one; the
     * original process is its starter's to stop.
     */
    @Override
    public void close() {
        if (stalled) {
            resume();
        }
        if (relaunched != null && relaunched.isAlive()) {
            relaunched.destroy();
            try {
                if (!relaunched.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    relaunched.destroyForcibly().waitFor();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                relaunched.destroyForcibly();
            }
        }
    }

    private void signal(String signal) {
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

    /** The exact arguments, NUL-separated in /proc: no quoting to undo, nothing truncated. */
    private static List<String> commandLineOf(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            List<String> args = new ArrayList<>();
            int from = 0;
            for (int i = 0; i < raw.length; i++) {
                if (raw[i] == 0) {
                    args.add(new String(raw, from, i - from, StandardCharsets.UTF_8));
                    from = i + 1;
                }
            }
            return args;
        } catch (IOException gone) {
            return List.of();
        }
    }

    private static Path link(long pid, String name) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path realPath(Path folder) {
        try {
            return folder.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
