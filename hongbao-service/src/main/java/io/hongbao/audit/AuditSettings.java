package io.hongbao.audit;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.audit.*}; the defaults and what each setting means are in {@code application.yml} (ADR 0068).
 *
 * @param pageSize rows (packets, wheels) one page of the audit reads, and Redis calls it has in flight at most
 * @param recentWindow the recent audit checks one by one the packets open or closed within this window
 * @param periodic the recent audit run in the background, whose outcome the metrics and the health show
 * @param transitBound money of a grab still in transit between databases this long after the grab fails the audit
 *     ({@code transfers-paired}, ADR 0084)
 */
@ConfigurationProperties("hongbao.audit")
public record AuditSettings(int pageSize, Duration recentWindow, Periodic periodic, Duration transitBound) {

    public AuditSettings {
        Setting.positive(pageSize, "hongbao.audit.page-size");
        Setting.positive(recentWindow, "hongbao.audit.recent-window");
        Setting.present(periodic, "hongbao.audit.periodic");
        Setting.positive(transitBound, "hongbao.audit.transit-bound");
    }

    public record Periodic(Boolean enabled, Duration every) {
        public Periodic {
            Setting.present(enabled, "hongbao.audit.periodic.enabled");
            Setting.positive(every, "hongbao.audit.periodic.every");
        }
    }
}
