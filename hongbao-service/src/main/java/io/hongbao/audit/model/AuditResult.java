package io.hongbao.audit.model;

/** The verdict of one check, with what it saw: figures when ok, the first offenders when not. */
public record AuditResult(boolean ok, String detail) {

    public static AuditResult passed(String detail) {
        return new AuditResult(true, detail);
    }

    public static AuditResult failed(String detail) {
        return new AuditResult(false, detail);
    }
}
