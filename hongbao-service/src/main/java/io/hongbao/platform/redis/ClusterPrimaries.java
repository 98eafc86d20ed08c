package io.hongbao.platform.redis;

import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.PartitionSelectorException;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.BooleanOutput;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.output.IntegerOutput;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.output.ValueOutput;
import io.lettuce.core.protocol.AsyncCommand;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.lettuce.core.protocol.RedisCommand;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/** {@link RedisPrimaries} of a Redis Cluster (see there for why, and how redirects are followed). */
final class ClusterPrimaries implements RedisPrimaries {

    private final RedisClusterClient client;
    private final StatefulRedisClusterConnection<String, String> cluster;
    private final int maxRedirects;

    ClusterPrimaries(
            RedisClusterClient client, StatefulRedisClusterConnection<String, String> cluster, int maxRedirects) {
        this.client = client;
        this.cluster = cluster;
        this.maxRedirects = maxRedirects;
    }

    @Override
    public CompletionStage<StatefulRedisConnection<String, String>> forKey(String key) {
        RedisURI uri;
        try {
            uri = ClusterConnection.primaryOf(cluster, key);
        } catch (PartitionSelectorException noPrimary) {
            return CompletableFuture.failedFuture(noPrimary);
        }
        // The pool key Lettuce's slot routing uses for writes: (WRITE, host, port).
        return cluster.getConnectionAsync(uri.getHost(), uri.getPort());
    }

    @Override
    public <T> CompletionStage<Ran<T>> run(LuaScript script, ScriptOutputType type, String[] keys, String... args) {
        return attempt(script, type, keys, args, 0);
    }

    private <T> CompletionStage<Ran<T>> attempt(
            LuaScript script, ScriptOutputType type, String[] keys, String[] args, int redirects) {
        return forKey(keys[0])
                .thenCompose(node ->
                        script.<T>run(node.async(), type, keys, args).thenApply(result -> new Ran<>(result, node)))
                .<CompletionStage<Ran<T>>>handle((ran, failure) -> {
                    if (failure == null) {
                        return CompletableFuture.completedFuture(ran);
                    }
                    Redirect redirect = Redirect.of(failure);
                    if (redirect == null || redirects >= maxRedirects) {
                        return CompletableFuture.failedFuture(unwrap(failure));
                    }
                    if (redirect.ask()) {
                        return asking(redirect, script, type, keys, args);
                    }
                    // MOVED: the slot has a new owner for good; learn the topology, then go there.
                    return client.refreshPartitionsAsync()
                            .exceptionally(refreshFailed -> null)
                            .thenCompose(refreshed -> this.<T>attempt(script, type, keys, args, redirects + 1));
                })
                .thenCompose(Function.identity());
    }

    /**
     * ASK: the slot is being migrated and this key already lives on the target. {@code ASKING} applies to the one next
     * command of its connection, and that connection is shared with every other caller of the node: so both go out as
     * one write ({@code dispatch} of a list, as Lettuce's own {@code ClusterDistributionChannelWriter} does). The
     * script goes whole (EVAL), a rare path not worth a NOSCRIPT round trip.
     */
    private <T> CompletionStage<Ran<T>> asking(
            Redirect redirect, LuaScript script, ScriptOutputType type, String[] keys, String[] args) {
        return cluster.getConnectionAsync(redirect.host(), redirect.port()).thenCompose(node -> {
            CommandArgs<String, String> evalArgs = new CommandArgs<>(StringCodec.UTF8)
                    .add(script.source())
                    .add(keys.length)
                    .addKeys(keys)
                    .addValues(args);
            AsyncCommand<String, String, String> asking = new AsyncCommand<>(new Command<>(
                    CommandType.ASKING, new StatusOutput<>(StringCodec.UTF8), new CommandArgs<>(StringCodec.UTF8)));
            AsyncCommand<String, String, T> eval =
                    new AsyncCommand<>(new Command<>(CommandType.EVAL, ClusterPrimaries.<T>output(type), evalArgs));
            List<RedisCommand<String, String, ?>> both = List.of(asking, eval);
            node.dispatch(both);
            return eval.thenApply(result -> new Ran<>(result, node));
        });
    }

    @SuppressWarnings("unchecked")
    private static <T> CommandOutput<String, String, T> output(ScriptOutputType type) {
        return (CommandOutput<String, String, T>)
                switch (type) {
                    case BOOLEAN -> new BooleanOutput<>(StringCodec.UTF8);
                    case INTEGER -> new IntegerOutput<>(StringCodec.UTF8);
                    case STATUS -> new StatusOutput<>(StringCodec.UTF8);
                    case MULTI -> new NestedMultiOutput<>(StringCodec.UTF8);
                    case VALUE -> new ValueOutput<>(StringCodec.UTF8);
                    default -> throw new IllegalArgumentException("script output " + type + " not supported here");
                };
    }

    private static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    /** A {@code MOVED slot host:port} or {@code ASK slot host:port} error. */
    record Redirect(boolean ask, String host, int port) {

        static Redirect of(Throwable failure) {
            for (Throwable t = failure; t != null; t = t.getCause()) {
                String message = t.getMessage();
                if (message != null && (message.startsWith("MOVED ") || message.startsWith("ASK "))) {
                    String[] parts = message.trim().split(" ");
                    if (parts.length < 3) {
                        return null;
                    }
                    int colon = parts[2].lastIndexOf(':');
                    if (colon <= 0) {
                        return null;
                    }
                    return new Redirect(
                            parts[0].equals("ASK"),
                            parts[2].substring(0, colon),
                            Integer.parseInt(parts[2].substring(colon + 1)));
                }
            }
            return null;
        }
    }
}
