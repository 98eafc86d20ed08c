package io.hongbao.ops.infrastructure;

import io.hongbao.ops.application.OpsSnapshot;
import io.hongbao.ops.application.RedisDurability;
import io.hongbao.platform.redis.RedisDurabilityCheck;
import io.hongbao.platform.redis.RedisDurabilityCheck.NodeDurability;
import java.util.List;

/** {@link RedisDurability} as {@link RedisDurabilityCheck} reads it at start-up, read again on demand. */
public final class DurabilitySettings implements RedisDurability {

    private final RedisDurabilityCheck check;

    public DurabilitySettings(RedisDurabilityCheck check) {
        this.check = check;
    }

    @Override
    public OpsSnapshot.Redis read() {
        List<NodeDurability> nodes = check.settings();
        List<String> problems = RedisDurabilityCheck.problems(nodes, check.cluster());
        return new OpsSnapshot.Redis(
                check.cluster() ? "cluster" : "standalone",
                nodes.stream()
                        .map(node -> new OpsSnapshot.Node(node.node(), node.settings()))
                        .toList(),
                problems.isEmpty() ? null : "can lose acknowledged grabs: " + String.join("; ", problems));
    }
}
