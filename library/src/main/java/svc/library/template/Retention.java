package svc.library.template;

/** Days each class of data is kept before the retention sweep deletes it. */
public record Retention(int conversationsDays, int runEventsDays, int auditPdfsDays, int shadowPredictionsDays) {}
