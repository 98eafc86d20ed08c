package io.hongbao.audit.application;

import io.hongbao.audit.model.AuditScope;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/** The scopes an audit runs in (ADR 0068): full, or recent as of now, i.e. packets closed within the window. */
public final class AuditScopes {

    private final Duration recentWindow;
    private final Clock clock;

    public AuditScopes(Duration recentWindow, Clock clock) {
        this.recentWindow = recentWindow;
        this.clock = clock;
    }

    public AuditScope recent() {
        return AuditScope.recent(clock.instant().minus(recentWindow));
    }

    /** The scope of that name ({@link AuditScope#name()}), empty for any other name. */
    public Optional<AuditScope> named(String name) {
        if (AuditScope.FULL.name().equals(name)) {
            return Optional.of(AuditScope.FULL);
        }
        return "recent".equals(name) ? Optional.of(recent()) : Optional.empty();
    }
}
