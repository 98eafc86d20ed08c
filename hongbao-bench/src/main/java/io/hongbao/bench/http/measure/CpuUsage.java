package io.hongbao.bench.http.measure;

import java.util.Map;

/**
 * CPU over a measured window, in cores (2.0 = both cores of this machine busy the whole time).
 *
 * @param machineCores everything the machine ran
 * @param otherCores what the machine ran beyond the processes in {@code processCores} (foreign load)
 * @param processCores per process of interest: target, redis, mariadb, bench
 * @param targetMicrosPerRequest CPU time the target process spent per answered request
 * @param loadAverage1m /proc/loadavg's 1-minute figure at the end of the window
 */
public record CpuUsage(
        double machineCores,
        double otherCores,
        Map<String, Double> processCores,
        double targetMicrosPerRequest,
        double loadAverage1m) {}
