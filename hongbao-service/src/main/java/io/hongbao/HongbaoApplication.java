package io.hongbao;

import io.hongbao.platform.security.TokenCommand;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The Hongbao service. {@code java -jar hongbao-exec.jar} runs it; {@code java -jar hongbao-exec.jar token --user 7}
 * prints a token for trying the API.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class HongbaoApplication {

    public static void main(String[] args) {
        if (args.length > 0 && TokenCommand.NAME.equals(args[0])) {
            System.exit(TokenCommand.run(args));
        }
        SpringApplication.run(HongbaoApplication.class, args);
    }
}
