package io.hongbao.platform.security;

import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/** A verified token, with the {@link Caller} as principal so controllers can ask for it directly. */
final class CallerAuthentication extends AbstractAuthenticationToken {

    static final String ADMIN_AUTHORITY = "ROLE_ADMIN";

    private static final List<SimpleGrantedAuthority> ADMIN = List.of(new SimpleGrantedAuthority(ADMIN_AUTHORITY));

    private final Caller caller;
    private final String token;

    private CallerAuthentication(Caller caller, String token) {
        super(caller.admin() ? ADMIN : List.of());
        this.caller = caller;
        this.token = token;
        setAuthenticated(true);
    }

    static CallerAuthentication of(VerifiedToken verified, String token) {
        return new CallerAuthentication(verified.caller(), token);
    }

    @Override
    public Object getCredentials() {
        return token;
    }

    @Override
    public Caller getPrincipal() {
        return caller;
    }
}
