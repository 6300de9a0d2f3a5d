package svc.ml.data;

/** A column of the data left out of training, and why (a leak, an identifier, the request). */
public record DroppedColumn(String column, String reason) {}
