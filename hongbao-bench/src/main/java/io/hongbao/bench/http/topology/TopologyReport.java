package io.hongbao.bench.http.topology;

import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.measure.Outcome;
import io.hongbao.bench.http.targets.Persistence;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code bench topology} measured over one window. CPU per grab is a component's CPU time over the window divided
 * by the grab requests answered in it (every answer: GRABBED, ALREADY_GRABBED, SOLD_OUT), in microseconds.
 *
 * @param components per component: cores used over the window and µs of CPU per grab request; Redis nodes are named
 *     "redis primary host:port" / "redis replica host:port", local processes by their pid file
 * @param grantsPerPrimary shares handed out (LPOPs) per Redis primary over the window
 * @param scriptCallsPerPrimary script calls (EVALSHA/EVAL) per Redis primary: grab calls (a coalesced batch is one),
 *     the rate limiter's and the rest
 * @param commandsPerPrimary every command a Redis primary ran over the window, scripts' commands included
 * @param totalMicrosPerGrab the sum over every component measured (machine-wide "other" excluded)
 * @param serverMicrosPerGrab the sum over Redis, the service instances and the database: what a deployment pays,
 *     without the load generator and the balancer
 */
public record TopologyReport(
        String label,
        String url,
        String finishedAt,
        int connections,
        double seconds,
        long requests,
        double requestsPerSecond,
        double grabbedPerSecond,
        double p50Millis,
        double p99Millis,
        long errors,
        Map<String, Long> httpErrorStatuses,
        Map<Outcome, Long> outcomes,
        Map<String, Component> components,
        Map<String, Long> grantsPerPrimary,
        Map<String, Long> scriptCallsPerPrimary,
        Map<String, Long> commandsPerPrimary,
        double totalMicrosPerGrab,
        double serverMicrosPerGrab,
        double machineCores,
        double otherCores,
        double loadAverage1m,
        boolean auditOk,
        double drainSeconds) {

    public record Component(double cores, double microsPerGrab) {}

    static TopologyReport of(
            String label,
            String url,
            String finishedAt,
            Measurement m,
            Map<String, RedisNodes.NodeCounters> begin,
            Map<String, RedisNodes.NodeCounters> end,
            Persistence persistence,
            LoadSettings settings) {
        Map<String, Component> components = new LinkedHashMap<>();
        Map<String, Long> grants = new LinkedHashMap<>();
        Map<String, Long> calls = new LinkedHashMap<>();
        Map<String, Long> commands = new LinkedHashMap<>();
        double perGrab = m.requests() == 0 ? Double.NaN : m.seconds() * 1e6 / m.requests();
        end.forEach((address, after) -> {
            RedisNodes.NodeCounters before = begin.get(address);
            if (before == null) {
                return;
            }
            double cores = (after.cpuSeconds() - before.cpuSeconds()) / m.seconds();
            components.put("redis " + after.role() + " " + address, new Component(cores, cores * perGrab));
            if ("primary".equals(after.role())) {
                grants.put(address, after.grants() - before.grants());
                calls.put(address, after.scriptCalls() - before.scriptCalls());
                commands.put(address, after.commands() - before.commands());
            }
        });
        m.cpu().processCores().forEach((name, cores) -> components.put(name, new Component(cores, cores * perGrab)));
        double total = components.values().stream()
                .mapToDouble(Component::microsPerGrab)
                .sum();
        double server = components.entrySet().stream()
                .filter(e -> e.getKey().startsWith("redis")
                        || e.getKey().startsWith("service")
                        || e.getKey().startsWith("mariadb"))
                .mapToDouble(e -> e.getValue().microsPerGrab())
                .sum();
        return new TopologyReport(
                label,
                url,
                finishedAt,
                settings.connections(),
                m.seconds(),
                m.requests(),
                m.requestsPerSecond(),
                m.outcomes().getOrDefault(Outcome.GRABBED, 0L) / m.seconds(),
                m.latency().p50(),
                m.latency().p99(),
                m.errors(),
                m.httpErrorStatuses(),
                m.outcomes(),
                components,
                grants,
                calls,
                commands,
                total,
                server,
                m.cpu().machineCores(),
                m.cpu().otherCores(),
                m.cpu().loadAverage1m(),
                persistence.auditOk(),
                persistence.drainSeconds());
    }

    String render() {
        StringBuilder out = new StringBuilder();
        out.append(format(
                "%s via %s, %d connections, %.0f s window: %,.0f req/s (%,.0f GRABBED/s), p50 %.2f ms, p99 %.2f ms"
                        + " (corrected for coordinated omission), errors %d %s, audit %s, drained %.1f s after the"
                        + " load%n%n",
                label,
                url,
                connections,
                seconds,
                requestsPerSecond,
                grabbedPerSecond,
                p50Millis,
                p99Millis,
                errors,
                httpErrorStatuses.isEmpty() ? "" : httpErrorStatuses.toString(),
                auditOk ? "ok" : "FAILED",
                drainSeconds));
        out.append("| component | CPU cores | CPU µs per grab |\n|---|---:|---:|\n");
        components.forEach(
                (name, c) -> out.append(format("| %s | %.2f | %.1f |%n", name, c.cores(), c.microsPerGrab())));
        out.append(format("| **servers** (Redis + instances + database) | | **%.1f** |%n", serverMicrosPerGrab));
        out.append(format("| **all measured** (+ balancer, load generator) | | **%.1f** |%n", totalMicrosPerGrab));
        out.append(format(
                "| other (machine %.2f cores, not ours), load1 %.2f | %.2f | |%n",
                machineCores, loadAverage1m, otherCores));
        long allGrants =
                grantsPerPrimary.values().stream().mapToLong(Long::longValue).sum();
        if (!grantsPerPrimary.isEmpty()) {
            out.append("\n| Redis primary | grants | share | vs even | script calls | grants per call | commands per"
                    + " grant |\n");
            out.append("|---|---:|---:|---:|---:|---:|---:|\n");
            double even = allGrants / (double) grantsPerPrimary.size();
            grantsPerPrimary.forEach((address, grants) -> {
                long calls = scriptCallsPerPrimary.getOrDefault(address, 0L);
                long commands = commandsPerPrimary.getOrDefault(address, 0L);
                out.append(format(
                        "| %s | %,d | %.1f%% | %+.1f%% | %,d | %.1f | %.1f |%n",
                        address,
                        grants,
                        allGrants == 0 ? 0 : 100.0 * grants / allGrants,
                        even == 0 ? 0 : 100.0 * (grants - even) / even,
                        calls,
                        calls == 0 ? 0 : grants / (double) calls,
                        grants == 0 ? 0 : commands / (double) grants));
            });
        }
        return out.toString();
    }

    String compareWith(TopologyReport before) {
        return format(
                "CPU per grab, %s ÷ %s: servers %.1f ÷ %.1f µs = %.2fx; all measured %.1f ÷ %.1f µs = %.2fx;"
                        + " throughput %,.0f ÷ %,.0f req/s%n",
                label,
                before.label(),
                serverMicrosPerGrab,
                before.serverMicrosPerGrab(),
                serverMicrosPerGrab / before.serverMicrosPerGrab(),
                totalMicrosPerGrab,
                before.totalMicrosPerGrab(),
                totalMicrosPerGrab / before.totalMicrosPerGrab(),
                requestsPerSecond,
                before.requestsPerSecond());
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
