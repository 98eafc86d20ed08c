package io.hongbao.platform.security.provider;

import java.util.List;
import java.util.Map;

/**
 * A claim inside the token's claims, named by a dotted path: {@code roles} is a top-level claim, {@code
 * realm_access.roles} Keycloak's realm roles (an object {@code realm_access} holding a list {@code roles}). A path
 * that leads nowhere, or through something that is not an object, finds nothing: a token without the claim is a
 * token without the role, never an error.
 */
record ClaimsPath(List<String> names) {

    ClaimsPath {
        names = List.copyOf(names);
        if (names.isEmpty() || names.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("a claims path is one or more names joined by dots, such as"
                    + " realm_access.roles, not " + String.join(".", names));
        }
    }

    static ClaimsPath of(String dotted) {
        return new ClaimsPath(List.of(dotted.trim().split("\\.", -1)));
    }

    /** The value at the path, or null. */
    Object find(Map<String, Object> claims) {
        Object at = claims;
        for (String name : names) {
            if (!(at instanceof Map<?, ?> object)) {
                return null;
            }
            at = object.get(name);
        }
        return at;
    }

    /** Whether the value at the path is a list holding {@code value}, or is {@code value} itself. */
    boolean holds(Map<String, Object> claims, String value) {
        Object found = find(claims);
        if (found instanceof List<?> list) {
            return list.contains(value);
        }
        return value.equals(found);
    }

    @Override
    public String toString() {
        return String.join(".", names);
    }
}
