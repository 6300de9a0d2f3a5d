package svc.library.asset;

import java.util.List;

/**
 * The {@code manifest.yaml} of an asset.
 *
 * @param name        the asset name; must equal its folder name
 * @param kind        the asset kind id; must equal the kind folder
 * @param version     {@code vX.Y.Z}; must equal the version folder
 * @param description one or two sentences for people browsing the shelf
 * @param entry       the file loaders read (e.g. {@code workflow.yaml}); one of {@code files}
 * @param files       every file the asset ships, relative to its folder
 */
public record Manifest(String name, String kind, String version, String description, String entry, List<String> files) {

    public Manifest {
        files = files == null ? null : List.copyOf(files);
    }
}
