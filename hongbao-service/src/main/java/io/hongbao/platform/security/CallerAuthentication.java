package io.hongbao.platform.security;

import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.jwt.Jwt;

/** A verified token, with the {@link Caller} as principal so controllers can ask for it directly. */
final class CallerAuthentication extends AbstractAuthenticationToken {

    static final String ADMIN_AUTHORITY = "ROLE_ADMIN";

    private final Caller caller;
    private final Jwt jwt;

    private CallerAuthentication(Caller caller, Jwt jwt) {
        super(caller.admin() ? List.of(new SimpleGrantedAuthority(ADMIN_AUTHORITY)) : List.of());
        this.caller = caller;
        this.jwt = jwt;
        setAuthenticated(true);
    }

    static CallerAuthentication of(Jwt jwt) {
        List<String> roles = jwt.getClaimAsStringList(HmacJwtDecoder.ROLES);
        boolean admin = roles != null && roles.contains("admin");
        return new CallerAuthentication(new Caller(Long.parseLong(jwt.getSubject()), admin), jwt);
    }

    @Override
    public Object getCredentials() {
        return jwt.getTokenValue();
    }

    @Override
    public Caller getPrincipal() {
        return caller;
    }
}
