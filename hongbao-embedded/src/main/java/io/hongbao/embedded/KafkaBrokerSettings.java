package io.hongbao.embedded;

import java.nio.file.Path;

/** The {@code server.properties} of a {@link KafkaBroker}: one node, broker and controller, on loopback only. */
final class KafkaBrokerSettings {

    private KafkaBrokerSettings() {}

    static String of(int port, int controllerPort, Path folder) {
        return String.join(
                        "\n",
                        "process.roles=broker,controller",
                        "node.id=1",
                        "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                        "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                        "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                        "controller.listener.names=CONTROLLER",
                        "inter.broker.listener.name=PLAINTEXT",
                        "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                        "log.dirs=" + folder.resolve("data"),
                        // The topic of the money events is created on first use, its partitions this many: enough
                        // that accounts spread over several, so the order the tests check is per partition, not
                        // global.
                        "auto.create.topics.enable=true",
                        "num.partitions=4",
                        "offsets.topic.replication.factor=1",
                        "offsets.topic.num.partitions=1",
                        "transaction.state.log.replication.factor=1",
                        "transaction.state.log.min.isr=1",
                        "group.initial.rebalance.delay.ms=0",
                        "")
                + "\n";
    }
}
