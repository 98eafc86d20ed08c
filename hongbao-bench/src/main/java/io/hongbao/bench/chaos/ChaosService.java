package io.hongbao.bench.chaos;

import io.hongbao.bench.http.targets.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The service as a child JVM that chaos kills and starts again on the same port, or freezes. */
final class ChaosService implements Victim, AutoCloseable {

    private final Path jar;
    private final List<String> jvmArgs;
    private final Map<String, String> env;
    private final Path log;
    private final int port;
    private ChildJvm jvm;
    private boolean stalled;

    private ChaosService(Path jar, List<String> jvmArgs, Map<String, String> env, Path log, int port) {
        this.jar = jar;
        this.jvmArgs = jvmArgs;
        this.env = env;
        this.log = log;
        this.port = port;
    }

    static ChaosService start(Path jar, List<String> jvmArgs, Map<String, String> env, Path log)
            throws IOException, InterruptedException {
        ChaosService service = new ChaosService(jar, jvmArgs, env, log, ChildJvm.freePort());
        service.launch();
        return service;
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    @Override
    public void kill() throws InterruptedException {
        if (stalled) {
            resume();
        }
        jvm.killHard();
    }

    /** Starts it again on the same port and data; returns once it reports UP. */
    @Override
    public void restart() throws IOException, InterruptedException {
        launch();
    }

    @Override
    public void stall() {
        Signals.stop(jvm.pid());
        stalled = true;
    }

    @Override
    public void resume() {
        Signals.resume(jvm.pid());
        stalled = false;
    }

    @Override
    public void close() throws InterruptedException {
        if (stalled) {
            resume();
        }
        jvm.close();
    }

    private void launch() throws IOException, InterruptedException {
        jvm = ChildJvm.start(
                "hongbao",
                List.of(jar),
                jvmArgs,
                List.of("-jar", jar.toAbsolutePath().toString()),
                env,
                "/actuator/health",
                log,
                port);
    }
}
