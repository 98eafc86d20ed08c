package io.hongbao.bench.start;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's resident set (RSS): {@code VmRSS} of {@code /proc/<pid>/status}, the memory the process holds in RAM
 * now. The JVM's own only: the embedded Redis and MariaDB are processes of their own.
 */
public final class ResidentMemory {

    private ResidentMemory() {}

    /** The RSS of {@code pid} in MB, or NaN when it cannot be read (the process is gone, or not on Linux). */
    public static double megabytes(long pid) {
        try {
            long kb = kilobytes(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
            return kb < 0 ? Double.NaN : kb / 1024.0;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** {@code VmRSS:    123456 kB} of a status text; -1 when it has none (a zombie has no VmRSS line). */
    static long kilobytes(String status) {
        for (String line : status.lines().toList()) {
            if (line.startsWith("VmRSS:")) {
                String[] fields = line.substring("VmRSS:".length()).trim().split("\\s+");
                if (fields.length < 2 || !"kB".equals(fields[1])) {
                    throw new IllegalArgumentException("VmRSS not in kB: " + line);
                }
                return Long.parseLong(fields[0]);
            }
        }
        return -1;
    }
}
