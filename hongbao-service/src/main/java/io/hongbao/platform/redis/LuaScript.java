package io.hongbao.platform.redis;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;
import io.lettuce.core.api.sync.RedisScriptingCommands;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.CompletionStage;

/**
 * A Lua script kept as a resource under {@code scripts/}, called by SHA. The first call after a Redis restart (or on
 * a fresh Redis) gets {@code NOSCRIPT}; it is then sent whole with EVAL, which also caches it in Redis again.
 */
public final class LuaScript {

    private final String name;
    private final String source;
    private final String sha;

    private LuaScript(String name, String source) {
        this.name = name;
        this.source = source;
        this.sha = sha1(source);
    }

    /** Loads {@code scripts/<name>.lua} from the classpath. */
    public static LuaScript fromResource(String name) {
        String path = "scripts/" + name + ".lua";
        try (InputStream in = LuaScript.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing Lua script " + path);
            }
            return new LuaScript(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public <T> CompletionStage<T> run(
            RedisScriptingAsyncCommands<String, String> redis, ScriptOutputType type, String[] keys, String... args) {
        CompletionStage<T> bySha = redis.evalsha(sha, type, keys, args);
        return bySha.handle((result, failure) -> failure).thenCompose(failure -> {
            if (failure == null) {
                return bySha;
            }
            if (isNoScript(failure)) {
                return redis.<T>eval(source, type, keys, args);
            }
            return bySha;
        });
    }

    /**
     * The same, blocking: for workers on a connection of their own (the persister threads), where a failure is
     * handled as an exception of the call.
     */
    public <T> T run(
            RedisScriptingCommands<String, String> redis, ScriptOutputType type, String[] keys, String... args) {
        try {
            return redis.evalsha(sha, type, keys, args);
        } catch (RuntimeException e) {
            if (isNoScript(e)) {
                return redis.eval(source, type, keys, args);
            }
            throw e;
        }
    }

    public String name() {
        return name;
    }

    public String sha() {
        return sha;
    }

    /** The script's text: for {@code SCRIPT LOAD} and for an {@code EVAL} sent without trying the SHA first. */
    public String source() {
        return source;
    }

    private static boolean isNoScript(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof RedisNoScriptException
                    || (t.getMessage() != null && t.getMessage().startsWith("NOSCRIPT"))) {
                return true;
            }
        }
        return false;
    }

    private static String sha1(String source) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
