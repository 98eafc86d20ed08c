package io.hongbao.bench.http.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU use over a measured window, from Linux's /proc: the machine as a whole ({@code /proc/stat}), each process of
 * interest ({@code /proc/PID/stat} utime + stime), and the 1-minute load average. "Other" is what the machine spent
 * beyond the processes we know: other helpers' builds, the kernel's own work, anything foreign.
 */
public final class CpuMeter {

    /** USER_HZ: Linux reports process times in 1/100 s on every common architecture. */
    static final double TICKS_PER_SECOND = 100.0;

    /** The processes the report shows, in its column order; the target's key is the first. */
    public static final String[] PROCESSES = {"target", "redis", "mariadb", "bench"};

    private final Map<String, Long> processes;

    /** @param processes name → pid of the processes to account for (the target, Redis, MariaDB, the bench) */
    public CpuMeter(Map<String, Long> processes) {
        this.processes = new LinkedHashMap<>(processes);
    }

    Snapshot snapshot() {
        Map<String, Long> ticks = new LinkedHashMap<>();
        processes.forEach((name, pid) -> ticks.put(name, processTicks(read(Path.of("/proc", pid.toString(), "stat")))));
        return new Snapshot(System.nanoTime(), machineTicks(read(Path.of("/proc/stat"))), ticks);
    }

    static CpuUsage between(Snapshot begin, Snapshot end, long requests, String target) {
        double seconds = (end.nanos() - begin.nanos()) / 1e9;
        Map<String, Double> cores = new LinkedHashMap<>();
        double ours = 0;
        for (Map.Entry<String, Long> process : end.processTicks().entrySet()) {
            Long before = begin.processTicks().get(process.getKey());
            if (before == null || before < 0 || process.getValue() < 0) {
                continue;
            }
            double used = (process.getValue() - before) / TICKS_PER_SECOND / seconds;
            cores.put(process.getKey(), used);
            ours += used;
        }
        long busy = end.machine().busy() - begin.machine().busy();
        long all = busy + end.machine().idle() - begin.machine().idle();
        double machineCores =
                all == 0 ? 0 : busy / (double) all * Runtime.getRuntime().availableProcessors();
        Double targetCores = cores.get(target);
        double microsPerRequest =
                targetCores == null || requests == 0 ? Double.NaN : targetCores * seconds * 1e6 / requests;
        return new CpuUsage(machineCores, Math.max(0, machineCores - ours), cores, microsPerRequest, loadAverage());
    }

    /** Field 14 and 15 (utime, stime) of /proc/PID/stat, counted after the command name, which may hold spaces. */
    static long processTicks(String stat) {
        if (stat == null) {
            return -1;
        }
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // fields[0] is field 3 (state), so utime (14) is fields[11] and stime (15) fields[12]
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** The "cpu" line of /proc/stat: user nice system idle iowait irq softirq steal ... */
    static MachineTicks machineTicks(String stat) {
        String[] fields = stat.lines().findFirst().orElseThrow().trim().split("\\s+");
        long busy = 0;
        long idle = 0;
        for (int i = 1; i < fields.length && i <= 8; i++) {
            long value = Long.parseLong(fields[i]);
            if (i == 4 || i == 5) {
                idle += value;
            } else {
                busy += value;
            }
        }
        return new MachineTicks(busy, idle);
    }

    static double loadAverage() {
        String loadavg = read(Path.of("/proc/loadavg"));
        return loadavg == null ? Double.NaN : Double.parseDouble(loadavg.split(" ")[0]);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    record MachineTicks(long busy, long idle) {}

    record Snapshot(long nanos, MachineTicks machine, Map<String, Long> processTicks) {}
}
