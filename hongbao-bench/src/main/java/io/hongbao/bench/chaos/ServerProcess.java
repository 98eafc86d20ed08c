package io.hongbao.bench.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;

/**
 * One server the bench started (redis-server, mariadbd), which chaos kills, freezes and starts again with the same
 * command line: same port, same data. Linux only (the command line and working folder are read from /proc). The
 * service's fault tests have their own copy of this (io.hongbao.support.KillableServer): test code cannot be shipped.
 */
final class ServerProcess implements Victim, AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);

    private final String name;
    private final List<String> command;
    private final Path workingFolder;
    private final Path log;
    private final BooleanSupplier ready;
    private long pid;
    private Process restarted;
    private boolean stalled;

    private ServerProcess(
            String name, long pid, List<String> command, Path workingFolder, Path log, BooleanSupplier ready) {
        this.name = name;
        this.pid = pid;
        this.command = List.copyOf(command);
        this.workingFolder = workingFolder;
        this.log = log;
        this.ready = ready;
    }

    /**
     * The descendant of this JVM named {@code program...} whose executable or arguments lie in {@code folder}.
     *
     * @param command how to start it again, from its executable and its command line as /proc shows them
     */
    static ServerProcess adopt(
            String program,
            Path folder,
            BiFunction<Path, List<String>, List<String>> command,
            Path log,
            BooleanSupplier ready) {
        String marker = realPath(folder).toString();
        ProcessHandle process = ProcessHandle.current()
                .descendants()
                .filter(p -> p.info()
                        .command()
                        .map(c -> Path.of(c).getFileName().toString().startsWith(program))
                        .orElse(false))
                .filter(p -> commandLine(p.pid()).stream().anyMatch(arg -> arg.contains(marker)))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + program + " of ours runs on " + marker));
        long pid = process.pid();
        return new ServerProcess(
                program, pid, command.apply(link(pid, "exe"), commandLine(pid)), link(pid, "cwd"), log, ready);
    }

    String name() {
        return name;
    }

    @Override
    public void kill() {
        ProcessHandle handle = ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException(name + " is gone"));
        if (stalled) {
            resume();
        }
        handle.destroyForcibly();
        handle.onExit().orTimeout(30, TimeUnit.SECONDS).join();
    }

    @Override
    public void stall() {
        Signals.stop(pid);
        stalled = true;
    }

    @Override
    public void resume() {
        Signals.resume(pid);
        stalled = false;
    }

    /** Starts it again once gone; returns when it answers. */
    @Override
    public void restart() throws IOException, InterruptedException {
        restarted = new ProcessBuilder(command)
                .directory(workingFolder.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        pid = restarted.pid();
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (!ready.getAsBoolean()) {
            if (!restarted.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException(name + " did not come back; see " + log);
            }
            Thread.sleep(20);
        }
    }

    /** Wakes a stalled server and stops a restarted one (the first process is its starter's to stop). */
    @Override
    public void close() throws InterruptedException {
        if (stalled) {
            resume();
        }
        if (restarted != null && restarted.isAlive()) {
            restarted.destroy();
            if (!restarted.waitFor(60, TimeUnit.SECONDS)) {
                restarted.destroyForcibly().waitFor();
            }
        }
    }

    private static List<String> commandLine(long pid) {
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

    private static Path realPath(Path folder) {
        try {
            return folder.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path link(long pid, String name) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
