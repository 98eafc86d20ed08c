package io.hongbao.bench;

import io.hongbao.bench.audit.AuditCommand;
import io.hongbao.bench.campaign.CampaignCommand;
import io.hongbao.bench.chaos.ChaosCommand;
import io.hongbao.bench.engine.EngineCommand;
import io.hongbao.bench.http.HttpCommand;
import io.hongbao.bench.http.topology.TopologyCommand;
import io.hongbao.bench.lottery.DrawsCommand;
import io.hongbao.bench.soak.SoakCommand;
import io.hongbao.bench.start.StartCommand;
import io.hongbao.bench.strategies.StrategiesCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the load tool; subcommands are the benchmarks. */
@Command(
        name = "hongbao-bench",
        mixinStandardHelpOptions = true,
        subcommands = {
            StrategiesCommand.class,
            EngineCommand.class,
            HttpCommand.class,
            TopologyCommand.class,
            DrawsCommand.class,
            ChaosCommand.class,
            AuditCommand.class,
            StartCommand.class,
            SoakCommand.class,
            CampaignCommand.class
        },
        description = "Hongbao load tool: strategy lab, engine, HTTP and lottery-draw benchmarks, chaos, the audit at"
                + " volume, start-up and a memory soak.")
public final class BenchMain implements Runnable {

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchMain()).execute(args));
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
