package io.hongbao.platform.security;

import io.hongbao.platform.ids.UserIds;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code java -jar hongbao-exec.jar token --user 7 [--admin]}: prints a bearer token signed with the same secret the
 * service uses ({@code HONGBAO_JWT_SECRET}, or the one generated in the data folder).
 */
@Command(name = TokenCommand.NAME, mixinStandardHelpOptions = true, description = "Print a bearer token for a user.")
public final class TokenCommand implements Runnable {

    public static final String NAME = "token";

    @Option(names = "--user", required = true, description = "the user id (sub claim), 1 to 2^53 - 1")
    long userId;

    @Option(names = "--admin", description = "add the admin role")
    boolean admin;

    @Option(
            names = "--valid-for",
            defaultValue = "PT24H",
            description = "how long the token is valid, ISO-8601 (${DEFAULT-VALUE})")
    Duration validFor;

    @Option(
            names = "--data-dir",
            defaultValue = "${env:HONGBAO_DATA_DIR:-data}",
            description = "the service's data folder (${DEFAULT-VALUE})")
    Path dataDir;

    public static int run(String[] args) {
        return new CommandLine(new TokenCommand()).execute(Arrays.copyOfRange(args, 1, args.length));
    }

    @Override
    public void run() {
        if (!UserIds.valid(userId)) {
            throw new CommandLine.ParameterException(
                    new CommandLine(this), "--user must be 1 to " + UserIds.MAX_TEXT + " (2^53 - 1)");
        }
        JwtSecret secret = JwtSecret.configuredOrKeptIn(System.getenv("HONGBAO_JWT_SECRET"), dataDir);
        System.out.println(new TokenIssuer(secret).issue(userId, admin, validFor));
    }
}
