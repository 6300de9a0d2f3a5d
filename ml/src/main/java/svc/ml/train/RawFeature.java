package svc.ml.train;

import svc.ml.data.ColumnType;

/** A raw input column a model expects, as recorded in the manifest. */
public record RawFeature(String name, ColumnType type) {}
