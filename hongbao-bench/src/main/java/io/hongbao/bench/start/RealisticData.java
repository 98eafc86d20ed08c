package io.hongbao.bench.start;

import io.hongbao.bench.http.load.LoadProfile;
import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.load.RealisticProfile;
import io.hongbao.bench.http.load.RealisticShape;
import io.hongbao.bench.http.targets.HongbaoTarget;
import io.hongbao.bench.http.targets.JdbcAccountHolders;
import io.hongbao.bench.http.targets.JdbcGrabRows;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code bench http}'s realistic profile set up on a service started in embedded mode: its classes, unchanged. The
 * tokens are signed with the secret the service generated in its data folder; the account holders are written into
 * its embedded MariaDB, whose port the service's log names; the packets are sent through its API by the profile's
 * senders, sized for {@code expectedRate} over {@code duration}.
 *
 * @param target the service as {@code bench http} sees it (set-up, persistence, audit)
 * @param load the packets and the grabs over them: plain data, valid on any later start on the same data folder
 */
public record RealisticData(HongbaoTarget target, LoadProfile.RunLoad load) {

    /** {@code EmbeddedMariaDb}'s line when it is ready (hongbao-embedded), and its database and credentials. */
    private static final Pattern MARIADB_READY = Pattern.compile("Embedded MariaDB ready on 127\\.0\\.0\\.1:(\\d+)");

    private static final String DATABASE = "hongbao";
    private static final String USER = "root";
    private static final String PASSWORD = "";

    public static RealisticData setUp(
            String name,
            ServiceProcess service,
            Path dataDir,
            RealisticShape shape,
            double expectedRate,
            Duration duration,
            LoadSettings settings)
            throws Exception {
        JwtSecret secret = JwtSecret.configuredOrKeptIn(null, dataDir);
        Optional<String> database = embeddedJdbcUrl(service.logText());
        if (database.isEmpty()) {
            System.err.printf("%s: no embedded MariaDB named in %s: no accounts set up%n", name, service.log());
        }
        JdbcGrabRows rows = database.map(url -> new JdbcGrabRows(List.of(url), USER, PASSWORD))
                .orElse(null);
        JdbcAccountHolders holders = database.map(url -> new JdbcAccountHolders(List.of(url), USER, PASSWORD))
                .orElse(null);
        HongbaoTarget target = new HongbaoTarget(
                name, service.baseUrl(), OptionalLong.of(service.pid()), new TokenIssuer(secret), rows, holders);
        RealisticProfile profile = new RealisticProfile(shape, secret, duration);
        profile.prepare(target);
        return new RealisticData(target, profile.load(target, 1, expectedRate, settings));
    }

    /** The embedded MariaDB's JDBC URL, from the line the service logs once it is ready. */
    static Optional<String> embeddedJdbcUrl(String log) {
        Matcher ready = MARIADB_READY.matcher(log);
        String port = null;
        while (ready.find()) {
            port = ready.group(1);
        }
        return Optional.ofNullable(port).map(p -> "jdbc:mariadb://127.0.0.1:" + p + "/" + DATABASE);
    }
}
