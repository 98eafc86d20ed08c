package io.hongbao.support;

import io.hongbao.HongbaoApplication;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.storage.StorageEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.client.ReactorResourceFactory;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The service once more, in the test's JVM, on the same Redis and database as the test's own context: another instance
 * of the deployment, for behaviour that must hold across instances (what one answers, the other sees).
 */
public final class SecondInstance implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private SecondInstance(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /**
     * @param secret the test context's, as every instance of a deployment shares one: tokens made for the test's
     *     context are good here too
     * @param name its own data folder under the run's, so its locks are not the test context's
     */
    public static SecondInstance start(StorageEndpoints storage, JwtSecret secret, String name) {
        return start(
                secret,
                name,
                "--hongbao.redis.url=" + storage.redisUrl(),
                "--hongbao.db.url=" + storage.jdbcUrl(),
                "--hongbao.db.user=" + storage.dbUser(),
                "--hongbao.db.password=" + storage.dbPassword());
    }

    /**
     * The service on storage of the caller's choice: {@code storage} are its arguments ({@code --hongbao.db.shards=...},
     * ...); what they leave out, it starts embedded in its own data folder.
     */
    public static SecondInstance start(JwtSecret secret, String name, String... storage) {
        List<String> args = new ArrayList<>(
                List.of("--hongbao.security.jwt-secret=" + new String(secret.bytes(), StandardCharsets.UTF_8)));
        args.addAll(List.of(storage));
        return startWithArguments(name, args.toArray(String[]::new));
    }

    /**
     * The service with {@code arguments} as its command line; what they leave out is as configured by default, with
     * embedded servers in a data folder of its own ({@code name}, under the run's).
     */
    public static SecondInstance startWithArguments(String name, String... arguments) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--hongbao.data-dir=" + TestStorage.runDataDir().resolve(name)));
        args.addAll(List.of(arguments));
        // Arguments, not default properties: application.yml's own values would win over those. Reactor Netty's
        // global resources stay untouched (as in the test's own context): closing this one must not dispose them.
        return new SecondInstance(new SpringApplicationBuilder(HongbaoApplication.class)
                .initializers(context -> context.getBeanFactory().addBeanPostProcessor(new BeanPostProcessor() {
                    @Override
                    public Object postProcessBeforeInitialization(Object bean, String beanName) {
                        if (bean instanceof ReactorResourceFactory resources) {
                            resources.setUseGlobalResources(false);
                        }
                        return bean;
                    }
                }))
                .run(args.toArray(String[]::new)));
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    public int port() {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    /** A client of this instance over real HTTP, patient enough for calls that wait on a store. */
    public WebTestClient http() {
        return WebTestClient.bindToServer()
                .baseUrl("http://localhost:" + port())
                .responseTimeout(Duration.ofSeconds(30))
                .build();
    }

    @Override
    public void close() {
        context.close();
    }
}
