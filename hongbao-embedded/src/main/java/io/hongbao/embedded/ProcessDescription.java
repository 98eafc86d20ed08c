package io.hongbao.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What Linux's {@code /proc} says about a live process: enough to tell a server we started from any other process
 * that happens to have the same pid or the same program name.
 *
 * @param commandLine the arguments, program first; servers may rewrite it (Redis puts its address there)
 * @param executable the program file, when we may read it (another user's process hides it)
 * @param workingDirectory the current directory, when we may read it; both our servers move into their data folder
 */
record ProcessDescription(
        long pid, List<String> commandLine, Optional<Path> executable, Optional<Path> workingDirectory) {

    private static final String DELETED_SUFFIX = " (deleted)";

    ProcessDescription {
        commandLine = List.copyOf(commandLine);
    }

    /** Empty when no such process runs, or when it is a zombie or a kernel thread (nothing there to stop). */
    static Optional<ProcessDescription> of(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        byte[] cmdline;
        try {
            cmdline = Files.readAllBytes(proc.resolve("cmdline"));
        } catch (IOException gone) {
            return Optional.empty();
        }
        List<String> args = splitOnNul(cmdline);
        if (args.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ProcessDescription(pid, args, link(proc.resolve("exe")), link(proc.resolve("cwd"))));
    }

    private static List<String> splitOnNul(byte[] bytes) {
        List<String> args = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == 0) {
                if (i > start) {
                    args.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
                }
                start = i + 1;
            }
        }
        return args;
    }

    private static Optional<Path> link(Path procLink) {
        try {
            String target = Files.readSymbolicLink(procLink).toString();
            // the kernel marks a program file replaced or removed since the start; it is still that program
            if (target.endsWith(DELETED_SUFFIX)) {
                target = target.substring(0, target.length() - DELETED_SUFFIX.length());
            }
            return Optional.of(Path.of(target));
        } catch (IOException | UnsupportedOperationException | SecurityException hidden) {
            return Optional.empty();
        }
    }
}
