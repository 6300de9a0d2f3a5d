/**
 * Asset references, manifests and the {@link svc.library.asset.Library} resolver.
 *
 * <h2>Reference format</h2>
 * Every asset is addressed as {@code <kind>/<name>@v<major>.<minor>.<patch>}, for example
 * {@code workflow/default_ml_pipeline@v1.0.0}, {@code roster/agents@v1.0.0} or
 * {@code template/bfsi_baseline@v1.0.0}:
 * <ul>
 *   <li>{@code kind} is one of {@link svc.library.asset.AssetKind} ({@code workflow},
 *       {@code roster}, {@code template});</li>
 *   <li>{@code name} is snake_case, {@code [a-z][a-z0-9_]*}, at most 64 characters;</li>
 *   <li>the version is pinned: a {@code v} and three non-negative integers without leading
 *       zeros. There are no ranges; a caller that wants the newest asks for
 *       {@link svc.library.asset.Library#latest}.</li>
 * </ul>
 *
 * <h2>Layout</h2>
 * An asset is a directory {@code <root>/<kind>/<name>/v<X.Y.Z>/} holding a {@code manifest.yaml}
 * and the files it lists. The built-in root is the classpath folder {@code svc/library/}
 * (sources under {@code library/src/main/resources/svc/library/}); a library can also be opened
 * on any directory with the same layout. The manifest must agree with the directory it sits in
 * (name, kind and version), must list its {@code entry} file among {@code files}, and every
 * listed file must exist. Unknown manifest fields are errors.
 *
 * <p>The built-in shelf shares the classpath folder {@code svc/library/} with this module's Java
 * packages, so a top-level folder that is not an asset kind is ignored unless it holds
 * {@code <name>/<version>/manifest.yaml} folders (then it is reported as a misspelt kind).
 */
package svc.library.asset;
