/**
 * Shipping a customer deployment: the positive-list file selection
 * ({@link svc.deployments.ship.ShipSelection}), a byte-reproducible tarball writer
 * ({@link svc.deployments.ship.ReproducibleTarball}), the build facts for the manifest
 * ({@link svc.deployments.ship.BuildInfo}) and {@link svc.deployments.ship.Shipper}, which
 * validates, writes the tarball, {@code MANIFEST.yaml} (keys sorted) and the whitepaper.
 */
package svc.deployments.ship;
